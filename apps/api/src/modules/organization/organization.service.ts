import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed, assertOrganizationKeepsAdmin, assertValidId, DomainError, generateId, isValidName, validateName, type Action, type OrganizationMembershipChange } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { ImageService } from '../files/image.service';
import { groupRoles } from '../role/role.dto';
import { RoleRepository } from '../role/role.repository';
import { toOrganizationResponse, type OrganizationResponse, type OrganizationUpdateProps } from './organization.dto';
import { OrganizationEntity } from './organization.entity';
import { OrganizationRepository, type OrganizationAccess } from './organization.repository';

@Injectable()
export class OrganizationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationRepository,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly images: ImageService,
    private readonly audit: AuditService,
  ) {}

  /** Creates an organization with its preset roles (admin, member). */
  async create(operator: Pick<Operator, 'id'>, props: { name: string; profileImageSrc?: string | null; id?: string }, manager?: EntityManager): Promise<OrganizationEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    const run = async (m: EntityManager) => {
      const organization = Object.assign(new OrganizationEntity(), {
        id: props.id ?? generateId('organization'),
        name,
        profileImageSrc: props.profileImageSrc ?? null,
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.organizations.insert(organization, m);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: null }, operator.id, m);
      return (await this.organizations.findById(organization.id, m)) ?? organization;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /**
   * Authorizes `action` on the organization for the operator. Outsiders are refused with
   * FORBIDDEN whether or not the organization exists (no existence leak); a system administrator
   * asking for an unknown organization gets NOT_FOUND.
   */
  async authorize(operator: Operator, organizationId: string, action: Action, subject: { targetAccountId?: string } = {}, manager?: EntityManager): Promise<OrganizationAccess> {
    const access = await this.organizations.findAccess(operator.id, organizationId, manager);
    assertAllowed(action, { operator, organizationRoleKey: access?.roleKey ?? null, ...subject });
    if (!access) throw new DomainError('NOT_FOUND');
    return access;
  }

  /**
   * Refuses (LAST_ADMIN) a change of a membership that would leave the organization without an
   * admin. The organization's admin memberships stay locked until the transaction of `manager`
   * ends, so that concurrent changes (two admins demoting each other) take turns and the second
   * one sees the first one's outcome. Call it in the transaction that writes the change, before it.
   */
  async assertKeepsAdmin(organizationId: string, change: OrganizationMembershipChange, manager: EntityManager): Promise<void> {
    assertOrganizationKeepsAdmin(await this.organizations.lockAdminAccountIds(organizationId, manager), change);
  }

  /** Organizations with their roles, in two statements whatever their number. */
  async toResponses(organizations: readonly OrganizationEntity[], manager?: EntityManager): Promise<OrganizationResponse[]> {
    const roles = groupRoles(await this.roles.findOrganizationRoles(organizations.map((o) => o.id), manager), (r) => r.organizationId);
    return organizations.map((o) => toOrganizationResponse(o, roles.get(o.id) ?? []));
  }

  async toResponse(organization: OrganizationEntity, manager?: EntityManager): Promise<OrganizationResponse> {
    const [response] = await this.toResponses([organization], manager);
    if (!response) throw new DomainError('NOT_FOUND');
    return response;
  }

  /** Every organization for a system administrator, otherwise the account's own (spec §6). */
  async listOfAccount(operator: Operator): Promise<OrganizationResponse[]> {
    if (operator.isSystemAdmin) return this.listAll(operator);
    assertAllowed(Actions.OrganizationListOwn, { operator });
    return this.toResponses(await this.organizations.findOfAccount(operator.id));
  }

  async listAll(operator: Operator): Promise<OrganizationResponse[]> {
    assertAllowed(Actions.OrganizationListAll, { operator });
    return this.toResponses(await this.organizations.findAll());
  }

  async createByAdmin(operator: Operator, props: { name: string; profileImageSrc?: string | null }, audit: AuditContext): Promise<OrganizationResponse> {
    assertAllowed(Actions.OrganizationCreate, { operator });
    const name = validateName(props.name);
    return this.dataSource.transaction(async (m) => {
      const organization = await this.create(operator, { name, profileImageSrc: props.profileImageSrc ?? null }, m);
      await this.audit.record(m, audit, {
        action: 'organization.create',
        targetType: 'organization',
        targetId: organization.id,
        organizationId: organization.id,
        changes: changedFields(null, { name: organization.name, profileImageSrc: organization.profileImageSrc ?? undefined }),
      });
      return this.toResponse(organization, m);
    });
  }

  async get(operator: Operator, organizationId: string): Promise<OrganizationResponse> {
    const { organization } = await this.authorize(operator, organizationId, Actions.OrganizationView);
    return this.toResponse(organization);
  }

  async update(operator: Operator, organizationId: string, props: OrganizationUpdateProps, audit: AuditContext): Promise<OrganizationResponse> {
    await this.authorize(operator, organizationId, Actions.OrganizationUpdate);
    const changes: { name?: string; profileImageSrc?: string | null } = {};
    if (props.name !== undefined) changes.name = validateName(props.name);
    if (props.profileImageSrc !== undefined) changes.profileImageSrc = props.profileImageSrc;
    return this.dataSource.transaction(async (m) => {
      const before = await this.organizations.findByIdForUpdate(organizationId, m);
      if (!before) throw new DomainError('NOT_FOUND');
      if (Object.keys(changes).length > 0) await this.organizations.update(organizationId, { ...changes, updatedById: operator.id }, m);
      await this.audit.record(m, audit, { action: 'organization.update', targetType: 'organization', targetId: organizationId, organizationId, changes: changedFields(before, changes) });
      const updated = await this.organizations.findById(organizationId, m);
      if (!updated) throw new DomainError('NOT_FOUND');
      return this.toResponse(updated, m);
    });
  }

  /** Stores a new image for the organization and returns its URL (recorded, not the image; the organization is updated by /organization/update). */
  async uploadProfileImage(operator: Operator, organizationId: unknown, image: Buffer, audit: AuditContext): Promise<{ url: string }> {
    assertValidId('organization', organizationId);
    await this.authorize(operator, organizationId, Actions.OrganizationUploadImage);
    const uploaded = await this.images.storeProfileImage(image);
    await this.dataSource.transaction((m) =>
      this.audit.record(m, audit, {
        action: 'organization.uploadProfileImage',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: changedFields(null, { uploadedImageUrl: uploaded.url }),
      }),
    );
    return uploaded;
  }

  /** The members with their memberships in this organization only. */
  async listMembers(operator: Operator, organizationId: string): Promise<AccountResponse[]> {
    await this.authorize(operator, organizationId, Actions.OrganizationListMembers);
    const members = await this.accounts.findMembersOfOrganization(organizationId);
    const memberships = await this.accounts.membershipsOf(members.map((a) => a.id), undefined, { organizationId });
    return members.map((a) => toAccountResponse(a, memberships.get(a.id) ?? []));
  }

  /**
   * Removes the account from the organization and from its projects; never oneself, never the
   * last admin. Returns the account.
   */
  async removeMember(operator: Operator, organizationId: string, accountId: string, audit: AuditContext): Promise<AccountResponse> {
    await this.authorize(operator, organizationId, Actions.OrganizationRemoveMember, { targetAccountId: accountId });
    return this.dataSource.transaction(async (m) => {
      await this.assertKeepsAdmin(organizationId, { accountId, roleKey: null }, m);
      const before = (await this.accounts.membershipsOf([accountId], m, { organizationId })).get(accountId)?.[0];
      const removed = await this.organizations.deleteMembership(accountId, organizationId, m);
      const account = removed ? await this.accounts.findById(accountId, m) : null;
      if (!account || !before) throw new DomainError('NOT_ORGANIZATION_MEMBER');
      await this.audit.record(m, audit, {
        action: 'membership.removeFromOrganization',
        targetType: 'membership',
        targetId: accountId,
        organizationId,
        changes: changedFields({ roleId: before.roleId, projects: before.projects }, { roleId: null, projects: [] }),
      });
      // Only what the organization may see of the account: its (now empty) membership here.
      const memberships = await this.accounts.membershipsOf([account.id], m, { organizationId });
      return toAccountResponse(account, memberships.get(account.id) ?? []);
    });
  }
}
