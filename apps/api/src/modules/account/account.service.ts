import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DEFAULT_LOCALE, DomainError, generateId, isCompanyEmail, normalizeEmail, validateName } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { holdsSystemAdminRights } from '../../common/auth/system-admin-rights';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/query-errors';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { ImageService } from '../files/image.service';
import { AccessService } from '../membership/access.service';
import { ACCOUNT_KEYSET, memberKeyOf, MembershipRepository } from '../membership/membership.repository';
import { AccountEntity } from './account.entity';
import { AccountRepository } from './account.repository';
import { toAccountResponse, type AccountResponse, type CreateAccountRequest, type UpdateAccountRequest } from './account.dto';

@Injectable()
export class AccountService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly memberships: MembershipRepository,
    private readonly images: ImageService,
    private readonly firebase: FirebaseAuthService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async require(id: string): Promise<AccountEntity> {
    const account = await this.accounts.findById(id);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    return account;
  }

  async toResponse(account: AccountEntity): Promise<AccountResponse> {
    const memberships = await this.memberships.membershipsOf([account.id]);
    return toAccountResponse(account, memberships.get(account.id) ?? []);
  }

  /** The signed-in user's own account, with the system-admin rights it holds for this sign-in (see holdsSystemAdminRights). */
  async toOwnResponse(account: AccountEntity, user: FirebaseUser): Promise<AccountResponse> {
    return { ...(await this.toResponse(account)), isSystemAdmin: holdsSystemAdminRights(account, user) };
  }

  /**
   * Creates the account of a signed-up Firebase user; idempotent for the same user. An
   * account already recorded for the email without a Firebase identity (the bootstrapped
   * root account) is linked to the user instead. The account starts in the language the visitor
   * chose before signing up (Japanese when none). The account is the actor of its creation; a
   * call that finds the account already there changes nothing and records nothing.
   */
  async create(user: FirebaseUser, request: CreateAccountRequest, audit: AuditContext): Promise<AccountResponse> {
    try {
      const account = await this.transactions.withTransaction(async () => {
        const existing = await this.accounts.findByIdaasId(user.uid);
        if (existing) return existing;
        const byEmail = await this.accounts.findByEmail(user.email);
        if (byEmail) {
          // A concurrent create for the same user committed between the two reads.
          if (byEmail.idaasId === user.uid) return byEmail;
          if (byEmail.idaasId !== null) throw new DomainError('FAILED_TO_CREATE_ACCOUNT');
          const link = { idaasId: user.uid, locale: request.locale ?? byEmail.locale };
          await this.accounts.update(byEmail.id, { ...link, updatedById: byEmail.id });
          const linked = { ...byEmail, ...link };
          await this.audit.record(audit, {
            action: 'account.create',
            targetType: 'account',
            targetId: linked.id,
            changes: changedFields(byEmail, link),
            actor: { accountId: linked.id, isSystemAdmin: holdsSystemAdminRights(linked, user) },
          });
          return linked;
        }
        const id = generateId('account');
        const created = Object.assign(new AccountEntity(), {
          id,
          idaasId: user.uid,
          name: null,
          email: user.email,
          profileImageSrc: null,
          isSystemAdmin: false,
          locale: request.locale ?? DEFAULT_LOCALE,
          createdById: id,
          updatedById: id,
        });
        await this.accounts.insert(created);
        await this.audit.record(audit, {
          action: 'account.create',
          targetType: 'account',
          targetId: id,
          changes: changedFields(null, { email: created.email, idaasId: user.uid, locale: created.locale }),
          actor: { accountId: id, isSystemAdmin: false },
        });
        return (await this.accounts.findById(id)) ?? created;
      });
      return await this.toOwnResponse(account, user);
    } catch (error) {
      // A concurrent create for the same user won the race: answer with its account.
      if (isUniqueViolation(error)) {
        const winner = await this.accounts.findByIdaasId(user.uid);
        if (winner) return this.toOwnResponse(winner, user);
      }
      throw error;
    }
  }

  /** The account of the Firebase user, or null when none was created yet. */
  async get(user: FirebaseUser): Promise<AccountResponse | null> {
    const account = await this.accounts.findByIdaasId(user.uid);
    return account ? this.toOwnResponse(account, user) : null;
  }

  /** The operator's own name, image and language; null (or an empty name) clears the name or the image. */
  async update(operator: Operator, user: FirebaseUser, props: UpdateAccountRequest, audit: AuditContext): Promise<AccountResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    const changes: Pick<Partial<AccountEntity>, 'name' | 'profileImageSrc' | 'locale'> = {};
    if (props.name !== undefined) changes.name = props.name === null || props.name.trim() === '' ? null : validateName(props.name);
    if (props.profileImageSrc !== undefined) changes.profileImageSrc = props.profileImageSrc;
    if (props.locale !== undefined) changes.locale = props.locale;
    await this.transactions.withTransaction(async () => {
      const before = await this.accounts.findByIdForUpdate(operator.id);
      if (!before) throw new DomainError('ACCOUNT_NOT_FOUND');
      if (Object.keys(changes).length > 0) await this.accounts.update(operator.id, { ...changes, updatedById: operator.id });
      await this.audit.record(audit, { action: 'account.update', targetType: 'account', targetId: operator.id, changes: changedFields(before, changes) });
    });
    return this.toOwnResponse(await this.require(operator.id), user);
  }

  /**
   * Takes the email of the verified token (after the identity provider changed it). An account
   * that loses the company mail domain loses system administration with it (docs/product-rules.md#validation: only internal
   * accounts can be system administrators).
   */
  async updateEmail(operator: Operator, user: FirebaseUser, audit: AuditContext): Promise<AccountResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    const email = normalizeEmail(user.email);
    try {
      await this.transactions.withTransaction(async () => {
        const account = await this.accounts.findByIdForUpdate(operator.id);
        if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
        const changes: Pick<Partial<AccountEntity>, 'email' | 'isSystemAdmin'> = {};
        if (account.email !== email) {
          changes.email = email;
          if (account.isSystemAdmin && !isCompanyEmail(email, this.config.companyMailDomain)) changes.isSystemAdmin = false;
          await this.accounts.update(account.id, { ...changes, updatedById: operator.id });
        }
        await this.audit.record(audit, {
          action: 'account.updateEmail',
          targetType: 'account',
          targetId: account.id,
          changes: changedFields(account, changes),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('EMAIL_ALREADY_IN_USE');
      throw error;
    }
    return this.toOwnResponse(await this.require(operator.id), user);
  }

  /** Stores a new profile image and returns its URL (recorded, not the image); the account is changed by /account/update. */
  async uploadProfileImage(operator: Operator, image: Buffer, audit: AuditContext): Promise<{ url: string }> {
    this.access.assert(operator, Actions.AccountManageOwn);
    const uploaded = await this.images.storeProfileImage(image);
    await this.transactions.withTransaction(() =>
      this.audit.record(audit, {
        action: 'account.uploadProfileImage',
        targetType: 'account',
        targetId: operator.id,
        changes: changedFields(null, { uploadedImageUrl: uploaded.url }),
      }),
    );
    return uploaded;
  }

  /** Every account, oldest first, with its memberships (system administration); the query matches display name or e-mail address. One statement. */
  async listAll(operator: Operator, request: ListRequest): Promise<AccountResponse[] | Page<AccountResponse>> {
    this.access.assert(operator, Actions.SystemAdminListAccounts);
    const window = listWindow(request, ACCOUNT_KEYSET);
    return listAnswer(window, await this.memberships.accountPage(window), memberKeyOf, (row) => toAccountResponse(row, row.memberships));
  }

  /**
   * Grants or revokes system administration: never on oneself; granting only to the company domain
   * and to an address the identity provider has verified (else anyone who signed up with a
   * colleague's address could be made an administrator).
   */
  async updateIsSystemAdmin(operator: Operator, email: string, isSystemAdmin: boolean, audit: AuditContext): Promise<AccountResponse> {
    const target = await this.accounts.findByEmail(normalizeEmail(email));
    this.access.assert(operator, isSystemAdmin ? Actions.SystemAdminGrant : Actions.SystemAdminRevoke, {
      targetEmail: email,
      targetAccountId: target?.id ?? null,
      companyDomain: this.config.companyMailDomain,
    });
    if (!target) throw new DomainError('ACCOUNT_NOT_FOUND');
    // An account not yet signed in (the bootstrapped root account) has no address verified either.
    const verified = !isSystemAdmin || (target.idaasId !== null && (await this.firebase.hasVerifiedEmail(target.idaasId, target.email)));
    if (!verified) throw new DomainError('EMAIL_NOT_VERIFIED');
    await this.transactions.withTransaction(async () => {
      const before = await this.accounts.findByIdForUpdate(target.id);
      if (!before) throw new DomainError('ACCOUNT_NOT_FOUND');
      if (before.isSystemAdmin !== isSystemAdmin) await this.accounts.update(target.id, { isSystemAdmin, updatedById: operator.id });
      await this.audit.record(audit, {
        action: isSystemAdmin ? 'systemAdmin.grant' : 'systemAdmin.revoke',
        targetType: 'account',
        targetId: target.id,
        changes: changedFields(before, { isSystemAdmin }),
      });
    });
    return this.toResponse(await this.require(target.id));
  }
}
