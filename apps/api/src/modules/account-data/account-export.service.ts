import { Injectable } from '@nestjs/common';
import { Actions, DomainError } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { AccountRepository } from '../account/account.repository';
import { AuditEventRepository } from '../audit/audit-event.repository';
import { toAuditEventResponse } from '../audit/audit-log.service';
import { toInvitationResponse } from '../invitation/invitation.dto';
import { InvitationRepository } from '../invitation/invitation.repository';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { OrganizationRepository } from '../organization/organization.repository';
import { ProjectRepository } from '../project/project.repository';
import type { RoleEntity } from '../role/role.entity';
import { RoleRepository } from '../role/role.repository';
import { ACCOUNT_EXPORT_LIMIT, type AccountDataExportResponse, type ExportedRoleResponse } from './account-data.dto';

function toRole(roles: ReadonlyMap<string, RoleEntity>, id: string): ExportedRoleResponse {
  const role = roles.get(id);
  return { id, key: role?.key ?? '', name: role?.name ?? '' };
}

/** The newest `limit` of the rows read (one more than the limit is read) and whether there were more. */
function capped<T>(rows: readonly T[]): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, ACCOUNT_EXPORT_LIMIT), truncated: rows.length > ACCOUNT_EXPORT_LIMIT };
}

/** A person's own data as JSON (docs/product-rules.md#account-data-export). */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly memberships: MembershipRepository,
    private readonly organizations: OrganizationRepository,
    private readonly projects: ProjectRepository,
    private readonly roles: RoleRepository,
    private readonly invitations: InvitationRepository,
    private readonly auditEvents: AuditEventRepository,
  ) {}

  /**
   * The operator's profile, memberships (organizations and projects with their roles), the
   * invitations they sent and those to their address, and the audit events they acted in: of each
   * list the newest ACCOUNT_EXPORT_LIMIT, with whether more were left out.
   */
  async export(operator: Operator): Promise<AccountDataExportResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    const account = await this.accounts.findById(operator.id);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    const memberships = (await this.memberships.membershipsOf([account.id])).get(account.id) ?? [];
    const organizationIds = memberships.map((m) => m.organizationId);
    const projectIds = memberships.flatMap((m) => m.projects.map((p) => p.projectId));
    const organizations = new Map((await this.organizations.findByIds(organizationIds)).map((o) => [o.id, o.name]));
    const projects = new Map((await this.projects.findByIds(projectIds)).map((p) => [p.id, p.name]));
    const roles = new Map(
      [...(await this.roles.findOrganizationRoles(organizationIds)), ...(await this.roles.findProjectRoles(projectIds))].map((r) => [r.id, r]),
    );
    const sent = capped(await this.invitations.newestSentBy(account.id, ACCOUNT_EXPORT_LIMIT + 1));
    const received = capped(await this.invitations.newestReceivedBy(account, ACCOUNT_EXPORT_LIMIT + 1));
    const events = capped(await this.auditEvents.page({ actorAccountId: account.id }, null, ACCOUNT_EXPORT_LIMIT + 1));
    const now = new Date();
    return {
      exportedAt: now.toISOString(),
      limit: ACCOUNT_EXPORT_LIMIT,
      truncated: { invitationsSent: sent.truncated, invitationsReceived: received.truncated, auditEvents: events.truncated },
      profile: {
        id: account.id,
        name: account.name,
        email: account.email,
        profileImageSrc: account.profileImageSrc,
        locale: account.locale,
        isSystemAdmin: account.isSystemAdmin,
        createdAt: account.createdAt.toISOString(),
        updatedAt: account.updatedAt.toISOString(),
      },
      memberships: memberships.map((m) => ({
        organizationId: m.organizationId,
        organizationName: organizations.get(m.organizationId) ?? '',
        role: toRole(roles, m.roleId),
        projects: m.projects.map((p) => ({ projectId: p.projectId, projectName: projects.get(p.projectId) ?? '', role: toRole(roles, p.roleId) })),
      })),
      invitationsSent: sent.rows.map((i) => toInvitationResponse(i, now)),
      invitationsReceived: received.rows.map((i) => toInvitationResponse(i, now)),
      auditEvents: events.rows.map(toAuditEventResponse),
    };
  }
}
