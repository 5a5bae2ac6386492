import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed, assignOrganizationRole, assignProjectRole, DomainError, findMembership, findProjectAssignment, type Membership } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { OrganizationService } from '../organization/organization.service';
import { ProjectRepository } from '../project/project.repository';
import { RoleRepository } from '../role/role.repository';

/** Role assignments at organization and project level (spec §4–6). */
@Injectable()
export class MembershipService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly organizationService: OrganizationService,
    private readonly projects: ProjectRepository,
    private readonly roles: RoleRepository,
    private readonly audit: AuditService,
  ) {}

  /** The target's memberships; an unknown account has none (so it is "not a member", without telling whether it exists). */
  private async membershipsOf(accountId: string, m: EntityManager): Promise<Membership[]> {
    const account = await this.accounts.findById(accountId, m);
    if (!account) return [];
    return (await this.accounts.membershipsOf([accountId], m)).get(accountId) ?? [];
  }

  private async response(accountId: string, organizationId: string, m: EntityManager): Promise<AccountResponse> {
    const account = await this.accounts.findById(accountId, m);
    if (!account) throw new DomainError('NOT_ORGANIZATION_MEMBER');
    const memberships = await this.accounts.membershipsOf([accountId], m, { organizationId });
    return toAccountResponse(account, memberships.get(accountId) ?? []);
  }

  /**
   * Sets the account's organization role: system admin or organization admin, never one's own,
   * never the last admin's to another role; the role must be the organization's.
   */
  async assignOrganizationRole(operator: Operator, accountId: string, props: { organizationId: string; roleId: string }, audit: AuditContext): Promise<AccountResponse> {
    const { organizationId, roleId } = props;
    await this.organizationService.authorize(operator, organizationId, Actions.OrganizationAssignRole, { targetAccountId: accountId });
    return this.dataSource.transaction(async (m) => {
      const role = await this.roles.findOrganizationRole(organizationId, roleId, m);
      if (!role) throw new DomainError('ROLE_NOT_FOUND');
      const memberships = await this.membershipsOf(accountId, m);
      // Throws NOT_ORGANIZATION_MEMBER when the account does not belong to the organization.
      assignOrganizationRole(memberships, organizationId, role.id);
      await this.organizationService.assertKeepsAdmin(organizationId, { accountId, roleKey: role.key }, m);
      await this.organizations.updateMembershipRole(accountId, organizationId, role.id, operator.id, m);
      await this.audit.record(m, audit, {
        action: 'membership.assignOrganizationRole',
        targetType: 'membership',
        targetId: accountId,
        organizationId,
        changes: changedFields(findMembership(memberships, organizationId) ?? null, { roleId: role.id }),
      });
      return this.response(accountId, organizationId, m);
    });
  }

  /**
   * Sets the account's role in a project of the organization (merging by projectId): system admin,
   * organization admin or project admin, never one's own. The account must already belong to the
   * organization (spec §5) and the role must be the project's.
   */
  async assignProjectRole(operator: Operator, accountId: string, organizationId: string, props: { projectId: string; roleId: string }, audit: AuditContext): Promise<AccountResponse> {
    const { projectId, roleId } = props;
    const [organizationAccess, projectAccess] = await Promise.all([
      this.organizations.findAccess(operator.id, organizationId),
      this.projects.findAccess(operator.id, projectId),
    ]);
    const projectInOrganization = projectAccess !== null && projectAccess.project.organizationId === organizationId;
    assertAllowed(Actions.ProjectAssignRole, {
      operator,
      organizationRoleKey: organizationAccess?.roleKey ?? null,
      projectRoleKey: projectInOrganization ? projectAccess.projectRoleKey : null,
      targetAccountId: accountId,
    });
    if (!organizationAccess) throw new DomainError('NOT_FOUND');
    if (!projectInOrganization) throw new DomainError('PROJECT_NOT_IN_ORGANIZATION');
    return this.dataSource.transaction(async (m) => {
      const role = await this.roles.findProjectRole(projectId, roleId, m);
      if (!role) throw new DomainError('ROLE_NOT_FOUND');
      const memberships = await this.membershipsOf(accountId, m);
      assignProjectRole(memberships, organizationId, { projectId, roleId: role.id });
      await this.projects.upsertMembership({ accountId, projectId, organizationId, roleId: role.id }, operator.id, m);
      await this.audit.record(m, audit, {
        action: 'membership.assignProjectRole',
        targetType: 'membership',
        targetId: accountId,
        organizationId,
        projectId,
        changes: changedFields(findProjectAssignment(memberships, projectId) ?? null, { roleId: role.id }),
      });
      return this.response(accountId, organizationId, m);
    });
  }
}
