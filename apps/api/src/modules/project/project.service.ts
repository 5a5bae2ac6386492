import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed, DomainError, generateId, isValidName, parseProductSettings, planOf, PRODUCT_KEYS, validateName, type Action, type ProductSettings } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields, type AuditChanges } from '../audit/audit.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { groupRoles } from '../role/role.dto';
import { RoleRepository } from '../role/role.repository';
import { toProjectResponse, type ProjectResponse, type ProjectUpdateProps } from './project.dto';
import { ProjectEntity } from './project.entity';
import { ProjectRepository, type ProjectAccess } from './project.repository';

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
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
    private readonly organizations: OrganizationRepository,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly audit: AuditService,
  ) {}

  /** Creates a project of an organization with its preset roles (admin, member). */
  async create(
    operator: Pick<Operator, 'id'>,
    props: { organizationId: string; name: string; productSettings?: ProductSettings; id?: string },
    manager?: EntityManager,
  ): Promise<ProjectEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    const run = async (m: EntityManager) => {
      const organization = await this.organizations.findById(props.organizationId, m);
      if (!organization) throw new DomainError('NOT_FOUND');
      const project = Object.assign(new ProjectEntity(), {
        id: props.id ?? generateId('project'),
        organizationId: organization.id,
        name,
        productSettings: props.productSettings ?? {},
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.projects.insert(project, m);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: project.id }, operator.id, m);
      return (await this.projects.findById(project.id, m)) ?? project;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /**
   * Authorizes `action` on the project for the operator (with its role in the project and in the
   * owning organization). Outsiders are refused with FORBIDDEN whether or not the project exists;
   * a system administrator asking for an unknown project gets NOT_FOUND.
   */
  async authorize(operator: Operator, projectId: string, action: Action, subject: { targetAccountId?: string } = {}, manager?: EntityManager): Promise<ProjectAccess> {
    const access = await this.projects.findAccess(operator.id, projectId, manager);
    assertAllowed(action, { operator, organizationRoleKey: access?.organizationRoleKey ?? null, projectRoleKey: access?.projectRoleKey ?? null, ...subject });
    if (!access) throw new DomainError('NOT_FOUND');
    return access;
  }

  /** Projects with their roles, in two statements whatever their number. */
  async toResponses(projects: readonly ProjectEntity[], manager?: EntityManager): Promise<ProjectResponse[]> {
    const roles = groupRoles(await this.roles.findProjectRoles(projects.map((p) => p.id), manager), (r) => r.projectId);
    return projects.map((p) => toProjectResponse(p, roles.get(p.id) ?? []));
  }

  async toResponse(project: ProjectEntity, manager?: EntityManager): Promise<ProjectResponse> {
    const [response] = await this.toResponses([project], manager);
    if (!response) throw new DomainError('NOT_FOUND');
    return response;
  }

  /**
   * Every project for a system administrator; otherwise the projects the account may view
   * (`project.view`): those of every organization it is a member of — which includes every
   * project it holds a project role in, since a project role requires the organization membership.
   */
  async listInAccount(operator: Operator): Promise<ProjectResponse[]> {
    if (operator.isSystemAdmin) return this.listAll(operator);
    assertAllowed(Actions.ProjectListOwn, { operator });
    return this.toResponses(await this.projects.findOfMemberOrganizations(operator.id));
  }

  async listAll(operator: Operator): Promise<ProjectResponse[]> {
    assertAllowed(Actions.ProjectListAll, { operator });
    return this.toResponses(await this.projects.findAll());
  }

  async createByAdmin(operator: Operator, props: { organizationId: string; name: string }, audit: AuditContext): Promise<ProjectResponse> {
    assertAllowed(Actions.ProjectCreate, { operator });
    const name = validateName(props.name);
    return this.dataSource.transaction(async (m) => {
      const project = await this.create(operator, { organizationId: props.organizationId, name }, m);
      await this.audit.record(m, audit, {
        action: 'project.create',
        targetType: 'project',
        targetId: project.id,
        organizationId: project.organizationId,
        projectId: project.id,
        changes: changedFields(null, { name: project.name }),
      });
      return this.toResponse(project, m);
    });
  }

  async get(operator: Operator, projectId: string): Promise<ProjectResponse> {
    const { project } = await this.authorize(operator, projectId, Actions.ProjectView);
    return this.toResponse(project);
  }

  /** Name by a project admin (or admin of the organization); productSettings by a system administrator only. A plan change is recorded with the old and new plan. */
  async update(operator: Operator, projectId: string, props: ProjectUpdateProps, audit: AuditContext): Promise<ProjectResponse> {
    await this.authorize(operator, projectId, Actions.ProjectUpdate);
    const name = props.name === undefined ? undefined : validateName(props.name);
    let productSettings: ProductSettings | undefined;
    if (props.productSettings !== undefined) {
      assertAllowed(Actions.ProjectUpdateProductSettings, { operator });
      productSettings = parseProductSettings(props.productSettings);
    }
    return this.dataSource.transaction(async (m) => {
      const before = await this.projects.findByIdForUpdate(projectId, m);
      if (!before) throw new DomainError('NOT_FOUND');
      const changes: { name?: string; productSettings?: ProductSettings } = {};
      if (name !== undefined) changes.name = name;
      if (productSettings !== undefined) changes.productSettings = { ...before.productSettings, ...productSettings };
      if (Object.keys(changes).length > 0) await this.projects.update(projectId, { ...changes, updatedById: operator.id }, m);
      await this.audit.record(m, audit, {
        action: 'project.update',
        targetType: 'project',
        targetId: projectId,
        organizationId: before.organizationId,
        projectId,
        changes: { ...changedFields(before, { name }), ...planChanges(before.productSettings, changes.productSettings ?? before.productSettings) },
      });
      const updated = await this.projects.findById(projectId, m);
      if (!updated) throw new DomainError('NOT_FOUND');
      return this.toResponse(updated, m);
    });
  }

  /** The project's members, with their memberships in the owning organization. */
  async listMembers(operator: Operator, projectId: string): Promise<AccountResponse[]> {
    const { project } = await this.authorize(operator, projectId, Actions.ProjectListMembers);
    const members = await this.accounts.findMembersOfProject(projectId);
    const memberships = await this.accounts.membershipsOf(members.map((a) => a.id), undefined, { organizationId: project.organizationId });
    return members.map((a) => toAccountResponse(a, memberships.get(a.id) ?? []));
  }

  /** Removes the account's project role (the organization membership stays); never oneself. Returns the account. */
  async removeMember(operator: Operator, projectId: string, accountId: string, audit: AuditContext): Promise<AccountResponse> {
    const { project } = await this.authorize(operator, projectId, Actions.ProjectRemoveMember, { targetAccountId: accountId });
    return this.dataSource.transaction(async (m) => {
      const before = await this.projects.deleteMembership(accountId, projectId, m);
      const account = before ? await this.accounts.findById(accountId, m) : null;
      if (!account || !before) throw new DomainError('NOT_FOUND', 'The account is not a member of the project');
      await this.audit.record(m, audit, {
        action: 'membership.removeFromProject',
        targetType: 'membership',
        targetId: accountId,
        organizationId: project.organizationId,
        projectId,
        changes: changedFields(before, { roleId: null }),
      });
      const memberships = await this.accounts.membershipsOf([account.id], m, { organizationId: project.organizationId });
      return toAccountResponse(account, memberships.get(account.id) ?? []);
    });
  }
}
