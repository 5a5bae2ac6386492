import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { addMembership, DomainError, findMembership, generateId, INVITATION_LIFETIME_SECONDS, type Membership } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { toAccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';
import { MembershipRepository } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import type { OrganizationEntity } from '../organization/organization.entity';
import { toInvitationResponse, type InviteResultEntryResponse } from './invitation.dto';
import { InvitationEntity } from './invitation.entity';
import { InvitationGrantsService } from './invitation-grants.service';
import { invitationMail, type InvitationMailContext } from './invitation-mail';
import { InvitationRepository } from './invitation.repository';

/** The invitation of one address by /organization/inviteMembers (InviteMembersService). */
@Injectable()
export class InviteAddressService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly invitations: InvitationRepository,
    private readonly memberships: MembershipRepository,
    private readonly membershipService: MembershipService,
    private readonly accounts: AccountRepository,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly invitationGrants: InvitationGrantsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Invites one (valid, normalized) address in a transaction of its own: an existing member of the
   * organization gets the missing projects, anyone else an invitation (replacing `replaced`) and
   * its e-mail. `authorize` takes the organization's lock and asks the operator's right again.
   */
  async invite(
    operator: Operator,
    organization: OrganizationEntity,
    email: string,
    membership: Membership,
    replaced: readonly string[],
    inviter: InvitationMailContext['inviter'],
    authorize: (email: string) => Promise<void>,
    audit: AuditContext,
  ): Promise<InviteResultEntryResponse> {
    const existing = await this.accounts.findByEmail(email);
    if (existing && (await this.memberships.isOrganizationMember(existing.id, organization.id))) {
      await this.addMissingProjectMemberships(operator, existing.id, membership, () => authorize(email), audit);
      // Only what the organization may see of the account: its membership here.
      const memberships = await this.memberships.membershipsOf([existing.id], organization.id);
      return { email, invitation: null, account: toAccountResponse(existing, memberships.get(existing.id) ?? []), errorCode: null };
    }
    const invitation = await this.transactions.withTransaction(async () => {
      await authorize(email);
      await this.invitationGrants.cancel(organization.id, replaced, operator.id, audit);
      const id = generateId('invitation');
      const inserted = await this.invitations.insertUnlessOpen(
        Object.assign(new InvitationEntity(), {
          id,
          organizationId: organization.id,
          email,
          roleId: membership.roleId,
          projects: membership.projects,
          canBeSuperAdmin: false,
          expiredIn: INVITATION_LIFETIME_SECONDS,
          acceptedAt: null,
          acceptedById: null,
          cancelledAt: null,
          cancelledById: null,
          createdById: operator.id,
        }),
      );
      if (!inserted) {
        // An overlapping call invited the address first: its invitation and e-mail stand.
        const open = await this.invitations.findOpenFor(organization.id, email);
        if (!open) throw new DomainError('FAILED_TO_INVITE');
        return open;
      }
      const created = await this.invitations.findById(id);
      if (!created) throw new DomainError('FAILED_TO_INVITE');
      await this.audit.record(audit, {
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: id,
        organizationId: organization.id,
        changes: changedFields(null, { email, roleId: created.roleId, projects: created.projects }),
      });
      await this.mail.enqueue(invitationMail(created, { appOrigin: this.config.appOrigin, organizationName: organization.name, inviter }));
      return created;
    });
    return { email, invitation: toInvitationResponse(invitation, new Date()), account: null, errorCode: null };
  }

  /**
   * Adds the invited projects an existing member lacks (one project role assignment each); the
   * projects it has keep their roles. `authorize` takes the organization's lock and asks the
   * operator's right again.
   */
  private async addMissingProjectMemberships(
    operator: Operator,
    accountId: string,
    membership: Membership,
    authorize: () => Promise<void>,
    audit: AuditContext,
  ): Promise<void> {
    await this.transactions.withTransaction(async () => {
      await authorize();
      const current = (await this.memberships.membershipsOf([accountId])).get(accountId) ?? [];
      const before = findMembership(current, membership.organizationId)?.projects ?? [];
      const after = findMembership(addMembership(current, membership), membership.organizationId)?.projects ?? [];
      const missing = after.filter((p) => !before.some((b) => b.projectId === p.projectId));
      await this.membershipService.addProjects(accountId, membership.organizationId, missing, operator.id);
      await this.audit.recordAll(
        audit,
        missing.map((p) => ({
          action: 'membership.assignProjectRole',
          targetType: 'membership',
          targetId: accountId,
          organizationId: membership.organizationId,
          projectId: p.projectId,
          changes: changedFields(null, { roleId: p.roleId }),
        })),
      );
    });
  }
}
