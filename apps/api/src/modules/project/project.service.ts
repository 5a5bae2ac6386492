import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError, generateId, isValidName, parseProductSettings, planOf, PRODUCT_KEYS, validateName, type ProductSettings } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields, type AuditChanges } from '../audit/audit.service';
import { InvitationGrantsService } from '../invitation/invitation-grants.service';
import { AccessService } from '../membership/access.service';
import { memberKeyOf, PROJECT_MEMBER_KEYSET, MembershipRepository } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { groupRoles } from '../role/role.dto';
import { RoleRepository } from '../role/role.repository';
import {
  toProjectResponse,
  type ListProjectsInAccountRequest,
  type ProjectListItemResponse,
  type ProjectResponse,
  type ProjectUpdateProps,
} from './project.dto';
import { ProjectEntity } from './project.entity';
import { ProjectRepository } from './project.repository';
import { PROJECT_KEYSET, projectKeyOf, type ProjectScope } from './project.sql';

/** The products whose plan differs, as `productSettings.<product>.plan` changes (old and new plan). */
function planChanges(before: ProductSettings, after: ProductSettings): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of PRODUCT_KEYS) {
    const [from, to] = [planOf(before, key), planOf(after, key)];
    if (from !== to) changes[`productSettings.${key}.plan`] = { before: from, after: to };
  }
  return changes;
}

@Injectable()
export class ProjectService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly projects: ProjectRepository,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly audit: AuditService,
    private readonly membershipService: MembershipService,
    private readonly invitationGrants: InvitationGrantsService,
  ) {}

  /** Creates a project of an organization with its preset roles (admin, member), in the transaction in progress or its own. */
  async create(
    operator: Pick<Operator, 'id'>,
    props: { organizationId: string; name: string; productSettings?: ProductSettings; id?: string },
  ): Promise<ProjectEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    return this.transactions.withTransaction(async () => {
      const organization = await this.organizations.findById(props.organizationId);
      if (!organization) throw new DomainError('NOT_FOUND');
      const project = Object.assign(new ProjectEntity(), {
        id: props.id ?? generateId('project'),
        organizationId: organization.id,
        name,
        productSettings: props.productSettings ?? {},
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.projects.insert(project);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: project.id }, operator.id);
      return (await this.projects.findById(project.id)) ?? project;
    });
  }

  /** Projects with their roles, in two statements whatever their number. */
  async toResponses(projects: readonly ProjectEntity[]): Promise<ProjectResponse[]> {
    const roles = groupRoles(await this.roles.findProjectRoles(projects.map((p) => p.id)), (r) => r.projectId);
    return projects.map((p) => toProjectResponse(p, roles.get(p.id) ?? []));
  }

  /** The project (read again after an access check: it may have gone meanwhile) with its roles. */
  private async response(projectId: string): Promise<ProjectResponse> {
    const project = await this.projects.findById(projectId);
    if (!project) throw new DomainError('NOT_FOUND');
    const [response] = await this.toResponses([project]);
    if (!response) throw new DomainError('NOT_FOUND');
    return response;
  }

  /**
   * Every project for a system administrator; otherwise the projects the account may view
   * (`project.view`): those of every organization it is a member of — which includes every
   * project it holds a project role in, since a project role requires the organization membership.
   */
  async listInAccount(operator: Operator, request: ListProjectsInAccountRequest): Promise<ProjectListItemResponse[] | Page<ProjectListItemResponse>> {
    this.access.assert(operator, operator.isSystemAdmin ? Actions.ProjectListAll : Actions.ProjectListOwn);
    return this.page({ memberId: operator.isSystemAdmin ? null : operator.id, organizationId: request.organizationId ?? null }, request);
  }

  async listAll(operator: Operator, request: ListRequest): Promise<ProjectListItemResponse[] | Page<ProjectListItemResponse>> {
    this.access.assert(operator, Actions.ProjectListAll);
    return this.page({ memberId: null, organizationId: null }, request);
  }

  /** The projects in `scope` by organization and name, with their organizations' names and images; the query matches the project's or its organization's name. */
  private async page(scope: ProjectScope, request: ListRequest): Promise<ProjectListItemResponse[] | Page<ProjectListItemResponse>> {
    const window = listWindow(request, PROJECT_KEYSET);
    return listAnswer(window, await this.projects.page(scope, window), projectKeyOf, (row) => ({
      ...toProjectResponse(row, row.roles),
      organizationName: row.organizationName,
      organizationProfileImageSrc: row.organization_profile_image_src,
      organizationMfaRequired: row.organization_mfa_required,
    }));
  }

  async createByAdmin(operator: Operator, props: { organizationId: string; name: string }, audit: AuditContext): Promise<ProjectResponse> {
    this.access.assert(operator, Actions.ProjectCreate);
    const name = validateName(props.name);
    return this.transactions.withTransaction(async () => {
      const project = await this.create(operator, { organizationId: props.organizationId, name });
      await this.audit.record(audit, {
        action: 'project.create',
        targetType: 'project',
        targetId: project.id,
        organizationId: project.organizationId,
        projectId: project.id,
        changes: changedFields(null, { name: project.name }),
      });
      return this.response(project.id);
    });
  }

  async get(operator: Operator, projectId: string): Promise<ProjectResponse> {
    await this.access.project(operator, projectId, Actions.ProjectView);
    return this.response(projectId);
  }

  /** Name by a project admin (or admin of the organization); productSettings by a system administrator only. A plan change is recorded with the old and new plan. */
  async update(operator: Operator, projectId: string, props: ProjectUpdateProps, audit: AuditContext): Promise<ProjectResponse> {
    const access = await this.access.project(operator, projectId, Actions.ProjectUpdate);
    const name = props.name === undefined ? undefined : validateName(props.name);
    let productSettings: ProductSettings | undefined;
    if (props.productSettings !== undefined) {
      access.assert(Actions.ProjectUpdateProductSettings);
      productSettings = parseProductSettings(props.productSettings);
    }
    return this.transactions.withTransaction(async () => {
      const before = await this.projects.findByIdForUpdate(projectId);
      if (!before) throw new DomainError('NOT_FOUND');
      const changes: { name?: string; productSettings?: ProductSettings } = {};
      if (name !== undefined) changes.name = name;
      if (productSettings !== undefined) changes.productSettings = { ...before.productSettings, ...productSettings };
      if (Object.keys(changes).length > 0) await this.projects.update(projectId, { ...changes, updatedById: operator.id });
      await this.audit.record(audit, {
        action: 'project.update',
        targetType: 'project',
        targetId: projectId,
        organizationId: before.organizationId,
        projectId,
        changes: { ...changedFields(before, { name }), ...planChanges(before.productSettings, changes.productSettings ?? before.productSettings) },
      });
      return this.response(projectId);
    });
  }

  /** The project's members in the order they were added, with their memberships in the owning organization; the query matches display name or e-mail address. */
  async listMembers(operator: Operator, projectId: string, request: ListRequest): Promise<AccountResponse[] | Page<AccountResponse>> {
    await this.access.project(operator, projectId, Actions.ProjectListMembers);
    const window = listWindow(request, PROJECT_MEMBER_KEYSET);
    return listAnswer(window, await this.memberships.projectMemberPage(projectId, window), memberKeyOf, (row) => toAccountResponse(row, row.memberships));
  }

  /**
   * Removes the account's project role (the organization membership stays); never oneself. Under
   * the organization's lock (MembershipService.change), with the operator's rights as they are
   * then; the invitations into the project the account may no longer send are cancelled with it.
   * Returns the account.
   */
  async removeMember(operator: Operator, projectId: string, accountId: string, audit: AuditContext): Promise<AccountResponse> {
    return this.membershipService.change(
      () => this.access.project(operator, projectId, Actions.ProjectRemoveMember, { targetAccountId: accountId }),
      async ({ organizationId }) => {
        const before = await this.memberships.deleteProjectMembership(accountId, projectId);
        const account = before ? await this.accounts.findById(accountId) : null;
        if (!account || !before) throw new DomainError('NOT_FOUND', 'The account is not a member of the project');
        await this.audit.record(audit, {
          action: 'membership.removeFromProject',
          targetType: 'membership',
          targetId: accountId,
          organizationId,
          projectId,
          changes: changedFields(before, { roleId: null }),
        });
        await this.invitationGrants.cancelUngrantable(organizationId, accountId, operator.id, audit);
        const memberships = await this.memberships.membershipsOf([account.id], organizationId);
        return toAccountResponse(account, memberships.get(account.id) ?? []);
      },
    );
  }
}
