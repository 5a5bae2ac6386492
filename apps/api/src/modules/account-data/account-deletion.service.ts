import { Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError, ERROR_MESSAGES, normalizeEmail } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import type { Operator } from '../../common/auth/operator';
import { SessionRevocations } from '../../common/auth/session-revocations';
import { isoTime } from '../../common/http/iso-time';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { ImageService } from '../files/image.service';
import { InvitationGrantsService } from '../invitation/invitation-grants.service';
import { InvitationRepository } from '../invitation/invitation.repository';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import type { AccountDeletionCheckResponse, DeletedAccountResponse } from './account-data.dto';

/** Deleting one's own account (docs/product-rules.md#account-deletion). */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly memberships: MembershipRepository,
    private readonly membershipService: MembershipService,
    private readonly invitations: InvitationRepository,
    private readonly invitationGrants: InvitationGrantsService,
    private readonly images: ImageService,
    private readonly firebase: FirebaseAuthService,
    private readonly revocations: SessionRevocations,
    private readonly audit: AuditService,
  ) {}

  /** The organizations the operator must hand over before the account can be deleted. */
  async check(operator: Operator): Promise<AccountDeletionCheckResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    return { lastAdminOf: await this.memberships.organizationsSolelyAdministeredBy(operator.id) };
  }

  /**
   * Deletes the operator's account once they typed its address: refused (LAST_ADMIN_OF_ORGANIZATION,
   * naming the organizations) while they are the last admin of one. In one transaction, under the
   * lock of every organization it touches: the memberships go, the open invitations they sent (whose
   * rights are gone with them) and those to their address are cancelled, the row is anonymised, each
   * change with its audit event, and the identity-provider user is deleted last (a failure there
   * rolls everything back). Then every instance refuses the user's sessions and the profile image
   * goes, unless someone else shows the same image.
   */
  async delete(operator: Operator, confirmation: string, audit: AuditContext): Promise<DeletedAccountResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    if (normalizeEmail(confirmation.trim()) !== operator.email) throw new DomainError('DELETION_NOT_CONFIRMED');
    const deleted = await this.transactions.withTransaction(async () => {
      await this.lockOrganizations(await this.touchedOrganizations(operator.id, operator.email));
      const account = await this.accounts.findByIdForUpdate(operator.id);
      if (!account || account.deletedAt !== null) throw new DomainError('ACCOUNT_NOT_FOUND');
      const lastAdminOf = await this.memberships.organizationsSolelyAdministeredBy(account.id);
      if (lastAdminOf.length > 0) {
        throw new DomainError('LAST_ADMIN_OF_ORGANIZATION', `${ERROR_MESSAGES.LAST_ADMIN_OF_ORGANIZATION}: ${lastAdminOf.map((o) => o.name).join(', ')}`);
      }
      // Organizations joined meanwhile (before the locks were taken) are locked too.
      await this.lockOrganizations(await this.touchedOrganizations(account.id, account.email));
      for (const membership of (await this.memberships.membershipsOf([account.id], undefined, true)).get(account.id) ?? []) {
        await this.memberships.deleteOrganizationMembership(account.id, membership.organizationId);
        await this.audit.record(audit, {
          action: 'membership.removeFromOrganization',
          targetType: 'membership',
          targetId: account.id,
          organizationId: membership.organizationId,
          changes: changedFields({ roleId: membership.roleId, projects: membership.projects }, { roleId: null, projects: [] }),
        });
      }
      const open = [...(await this.invitations.openSentByAccount(account.id)), ...(await this.invitations.openAddressedTo(account.email))];
      for (const [organizationId, ids] of groupIds(open)) await this.invitationGrants.cancel(organizationId, ids, account.id, audit);
      await this.accounts.markDeleted(account.id);
      await this.audit.record(audit, {
        action: 'account.delete',
        targetType: 'account',
        targetId: account.id,
        changes: changedFields({ deleted: false }, { deleted: true }),
      });
      if (account.idaasId !== null) await this.firebase.deleteUser(account.idaasId);
      return account;
    });
    if (deleted.idaasId !== null) await this.announce(deleted.idaasId);
    if (deleted.profileImageSrc !== null) await this.deleteImage(deleted.profileImageSrc);
    const after = await this.accounts.findById(deleted.id);
    return { id: deleted.id, deletedAt: isoTime(after?.deletedAt ?? new Date()) };
  }

  /** The organizations a deletion changes: those the account belongs to and those of the open invitations it sent or was sent, in id order. */
  private async touchedOrganizations(accountId: string, email: string): Promise<string[]> {
    const memberships = (await this.memberships.membershipsOf([accountId], undefined, true)).get(accountId) ?? [];
    const invitations = [...(await this.invitations.openSentByAccount(accountId)), ...(await this.invitations.openAddressedTo(email))];
    return [...new Set([...memberships.map((m) => m.organizationId), ...invitations.map((i) => i.organizationId)])].sort();
  }

  /** THE organization locks (MembershipService.lockOrganization), taken in id order so that two deletions never wait for each other in a circle. */
  private async lockOrganizations(organizationIds: readonly string[]): Promise<void> {
    for (const organizationId of organizationIds) await this.membershipService.lockOrganization(organizationId);
  }

  /** Tells every instance to refuse the deleted user's sessions now; until it hears, REVOCATION_CHECK_INTERVAL_MS bounds them. */
  private async announce(uid: string): Promise<void> {
    try {
      await this.revocations.announce(uid);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not announce the deletion of a user to the other instances');
    }
  }

  /** Deletes the stored profile image unless another account or an organization shows the same image; an image elsewhere is left alone. */
  private async deleteImage(url: string): Promise<void> {
    const name = this.images.storedName(url);
    if (name === null) return;
    try {
      if (!(await this.accounts.storedImageInUse(name))) await this.images.delete(name);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not delete the profile image of a deleted account');
    }
  }
}

/** The ids of the invitations by organization. */
function groupIds(invitations: readonly { id: string; organizationId: string }[]): Map<string, string[]> {
  const byOrganization = new Map<string, string[]>();
  for (const i of invitations) byOrganization.set(i.organizationId, [...(byOrganization.get(i.organizationId) ?? []), i.id]);
  return byOrganization;
}
