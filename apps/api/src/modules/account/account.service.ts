import { Injectable } from '@nestjs/common';
import { DomainError, generateId } from '@console/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import type { FirebaseUser } from '../../common/auth/operator';
import { AccountEntity } from './account.entity';
import { AccountRepository } from './account.repository';
import { toAccountResponse, type AccountResponse } from './account.dto';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class AccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountRepository,
  ) {}

  async toResponse(account: AccountEntity): Promise<AccountResponse> {
    const memberships = await this.accounts.membershipsOf([account.id]);
    return toAccountResponse(account, memberships.get(account.id) ?? []);
  }

  /**
   * Creates the account of a signed-up Firebase user; idempotent for the same user. An
   * account already recorded for the email without a Firebase identity (the bootstrapped
   * root account) is linked to the user instead.
   */
  async create(user: FirebaseUser): Promise<AccountResponse> {
    try {
      const account = await this.dataSource.transaction(async (manager) => {
        const existing = await this.accounts.findByIdaasId(user.uid, manager);
        if (existing) return existing;
        const byEmail = await this.accounts.findByEmail(user.email, manager);
        if (byEmail) {
          if (byEmail.idaasId !== null) throw new DomainError('FAILED_TO_CREATE_ACCOUNT');
          await this.accounts.update(byEmail.id, { idaasId: user.uid, updatedById: byEmail.id }, manager);
          return { ...byEmail, idaasId: user.uid };
        }
        const id = generateId('account');
        const created = Object.assign(new AccountEntity(), {
          id,
          idaasId: user.uid,
          name: null,
          email: user.email,
          profileImageSrc: null,
          isSystemAdmin: false,
          createdById: id,
          updatedById: id,
        });
        await this.accounts.insert(created, manager);
        return (await this.accounts.findById(id, manager)) ?? created;
      });
      return await this.toResponse(account);
    } catch (error) {
      // A concurrent create for the same user won the race: answer with its account.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        const winner = await this.accounts.findByIdaasId(user.uid);
        if (winner) return this.toResponse(winner);
      }
      throw error;
    }
  }

  /** The account of the Firebase user, or null when none was created yet. */
  async get(user: FirebaseUser): Promise<AccountResponse | null> {
    const account = await this.accounts.findByIdaasId(user.uid);
    return account ? this.toResponse(account) : null;
  }
}
