import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '../../common/openapi/decorators';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentFirebaseUser, CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { imageUploadSchema, readImageUpload } from '../../common/http/multipart';
import { AuditContext } from '../audit/audit-context';
import { UploadedImageResponse } from '../files/files.dto';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { AccountResponse, CreateAccountRequest, UpdateAccountRequest } from './account.dto';
import { AccountService } from './account.service';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

@ApiTags('account')
@Controller('account')
export class AccountController {
  constructor(private readonly service: AccountService) {}

  @Post('create')
  @ApiOperation({ summary: "Create the signed-in user's account" })
  @WriteFailure(ErrorCodes.FAILED_TO_CREATE_ACCOUNT)
  @HttpCode(200)
  @Access('firebaseUser')
  @Idempotent()
  @ApiBody({ type: CreateAccountRequest, required: false })
  @ApiOkResponse({ type: AccountResponse })
  createAccount(@CurrentFirebaseUser() user: FirebaseUser, @Body() body: CreateAccountRequest, @AuditContext() audit: AuditContext): Promise<AccountResponse> {
    return this.service.create(user, body, audit);
  }

  @Post('get')
  @ApiOperation({ summary: "Get the signed-in user's account" })
  @ReadCall()
  @HttpCode(200)
  @Access('firebaseUser')
  @ApiExtraModels(AccountResponse)
  @ApiOkResponse({ description: 'The account, or null when none exists yet.', schema: { nullable: true, allOf: [{ $ref: getSchemaPath(AccountResponse) }] } })
  getAccount(@CurrentFirebaseUser() user: FirebaseUser): Promise<AccountResponse | null> {
    return this.service.get(user);
  }

  @Post('update')
  @ApiOperation({ summary: "Update the signed-in user's account" })
  @ApiErrors('NAME_TOO_LONG')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_ACCOUNT)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse })
  updateAccount(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @Body() body: UpdateAccountRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.update(operator, user, body, audit);
  }

  @Post('updateEmail')
  @ApiOperation({ summary: 'Take over the verified email address of the ID token' })
  @ApiErrors('EMAIL_ALREADY_IN_USE')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_EMAIL)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account with the email of the verified ID token.' })
  updateAccountEmail(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.updateEmail(operator, user, audit);
  }

  @Post('uploadProfileImage')
  @ApiOperation({ summary: "Upload the signed-in user's profile image" })
  @ApiErrors('UNSUPPORTED_IMAGE', 'IMAGE_TOO_LARGE')
  @WriteFailure(ErrorCodes.FAILED_TO_UPLOAD_PROFILE_IMAGE)
  @HttpCode(200)
  @Access('account')
  @ApiConsumes('multipart/form-data')
  @ApiBody(imageUploadSchema())
  @ApiOkResponse({ type: UploadedImageResponse })
  async uploadAccountProfileImage(
    @CurrentOperator() operator: Operator,
    @Req() request: FastifyRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<UploadedImageResponse> {
    const { image } = await readImageUpload(request);
    return this.service.uploadProfileImage(operator, image, audit);
  }
}
