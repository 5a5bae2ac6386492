import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator';
import { CurrentFirebaseUser } from '../../common/auth/current-operator.decorator';
import type { FirebaseUser } from '../../common/auth/operator';
import { AccountResponse } from './account.dto';
import { AccountService } from './account.service';

@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountController {
  constructor(private readonly service: AccountService) {}

  @Post('create')
  @HttpCode(200)
  @Access('firebaseUser')
  @ApiOkResponse({ type: AccountResponse })
  createAccount(@CurrentFirebaseUser() user: FirebaseUser): Promise<AccountResponse> {
    return this.service.create(user);
  }

  @Post('get')
  @HttpCode(200)
  @Access('firebaseUser')
  @ApiOkResponse({ type: AccountResponse, description: 'The account, or null when none exists yet.' })
  getAccount(@CurrentFirebaseUser() user: FirebaseUser): Promise<AccountResponse | null> {
    return this.service.get(user);
  }
}
