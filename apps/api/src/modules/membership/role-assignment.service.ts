import { Injectable } from '@nestjs/common';
import { Actions, assignOrganizationRole, assignProjectRole, DomainError, findMembership, findProjectAssignment, type Membership } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { InvitationGrantsService } from '../invitation/invitation-grants.service';
import { RoleRepository } from '../role/role.repository';
import { AccessService } from './access.service';
import { MembershipRepository } from './membership.repository';
import { MembershipService } from './membership.service';

/** Role assignments at organization and project level (docs/product-rules.md#memberships, #permissions). */
@Injectable()
export class RoleAssignmentService {
  constructor(
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly memberships: MembershipRepository,
    private readonly membershipService: MembershipService,
    private readonly roles: RoleRepository,
    private readonly audit: AuditService,
    private readonly invitationGrants: InvitationGrantsService,
  ) {}

  /** The target's memberships; an unknown account has none (so it is "not a member", without telling whether it exists). */
  private async membershipsOf(accountId: string): Promise<Membership[]> {
    const account = await this.accounts.findById(accountId);
    if (!account) return [];
    return (await this.memberships.membershipsOf([accountId])).get(accountId) ?? [];
  }

  /** The account with its membership in the organization only (what the organization may see of it). */
  private async response(accountId: string, organizationId: string): Promise<AccountResponse> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new DomainError('NOT_ORGANIZATION_MEMBER');
    const memberships = await this.memberships.membershipsOf([accountId], organizationId);
    return toAccountResponse(account, memberships.get(accountId) ?? []);
  }

  /**
   * Sets the account's organization role: system admin or organization admin, never one's own,
   * never the last admin's to another role; the role must be the organization's. Under the
   * organization's lock (MembershipService.change), with the operator's rights as they are then;
   * the invitations the account sent that it may no longer send are cancelled with the change.
   */
  async assignOrganizationRole(
    operator: Operator,
    accountId: string,
    props: { organizationId: string; roleId: string },
    audit: AuditContext,
  ): Promise<AccountResponse> {
    const { organizationId, roleId } = props;
    return this.membershipService.change(
      () => this.access.organization(operator, organizationId, Actions.OrganizationAssignRole, { targetAccountId: accountId }),
      async () => {
        const role = await this.roles.findOrganizationRole(organizationId, roleId);
        if (!role) throw new DomainError('ROLE_NOT_FOUND');
        const memberships = await this.membershipsOf(accountId);
        // Throws NOT_ORGANIZATION_MEMBER when the account does not belong to the organization.
        assignOrganizationRole(memberships, organizationId, role.id);
        await this.membershipService.assertKeepsAdmin(organizationId, { accountId, roleKey: role.key });
        await this.memberships.updateOrganizationRole(accountId, organizationId, role.id, operator.id);
        await this.audit.record(audit, {
          action: 'membership.assignOrganizationRole',
          targetType: 'membership',
          targetId: accountId,
          organizationId,
          changes: changedFields(findMembership(memberships, organizationId) ?? null, { roleId: role.id }),
        });
        await this.invitationGrants.cancelUngrantable(organizationId, accountId, operator.id, audit);
        return this.response(accountId, organizationId);
      },
    );
  }

  /**
   * Sets the account's role in a project of the organization (merging by projectId): system admin,
   * organization admin or project admin, never one's own. The account must already belong to the
   * organization (docs/product-rules.md#validation) and the role must be the project's. Under the organization's lock, like
   * an organization role; the invitations into the project the account may no longer send are cancelled.
   */
  async assignProjectRole(
    operator: Operator,
    accountId: string,
    organizationId: string,
    props: { projectId: string; roleId: string },
    audit: AuditContext,
  ): Promise<AccountResponse> {
    const { projectId, roleId } = props;
    return this.membershipService.change(
      async () => {
        const access = await this.access.projectOfOrganization(operator, organizationId, projectId, Actions.ProjectAssignRole, { targetAccountId: accountId });
        if (!access.includesProject(projectId)) throw new DomainError('PROJECT_NOT_IN_ORGANIZATION');
        return access;
      },
      async () => {
        const role = await this.roles.findProjectRole(projectId, roleId);
        if (!role) throw new DomainError('ROLE_NOT_FOUND');
        const memberships = await this.membershipsOf(accountId);
        assignProjectRole(memberships, organizationId, { projectId, roleId: role.id });
        await this.memberships.upsertProjectMembership({ accountId, projectId, organizationId, roleId: role.id, operatorId: operator.id });
        await this.audit.record(audit, {
          action: 'membership.assignProjectRole',
          targetType: 'membership',
          targetId: accountId,
          organizationId,
          projectId,
          changes: changedFields(findProjectAssignment(memberships, projectId) ?? null, { roleId: role.id }),
        });
        await this.invitationGrants.cancelUngrantable(organizationId, accountId, operator.id, audit);
        return this.response(accountId, organizationId);
      },
    );
  }
}
