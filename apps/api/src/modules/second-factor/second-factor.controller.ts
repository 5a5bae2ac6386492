import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentFirebaseUser, CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import { SecondFactorRequest, SecondFactorResponse } from './second-factor.dto';
import { SecondFactorService } from './second-factor.service';

@ApiTags('account')
@Controller('account/secondFactor')
export class SecondFactorController {
  constructor(private readonly service: SecondFactorService) {}

  @Post('enrolled')
  @ApiOperation({ summary: 'Record the enrolment of my second factor' })
  @ApiErrors('SECOND_FACTOR_NOT_FOUND')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: SecondFactorResponse, description: 'Recorded in the audit log once the identity provider holds the factor for the caller.' })
  recordSecondFactorEnrollment(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @Body() body: SecondFactorRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<SecondFactorResponse> {
    return this.service.recordEnrollment(operator, user.uid, body.factorId, audit);
  }

  @Post('removed')
  @ApiOperation({ summary: 'Record the removal of my second factor' })
  @ApiErrors('CONFLICT')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ description: 'Recorded in the audit log once the identity provider no longer holds the factor for the caller.' })
  recordSecondFactorRemoval(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @Body() body: SecondFactorRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<void> {
    return this.service.recordRemoval(operator, user.uid, body.factorId, audit);
  }
}
