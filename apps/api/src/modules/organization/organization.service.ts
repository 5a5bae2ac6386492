import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertValidId, DomainError, generateId, isValidName, validateName } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { ImageService } from '../files/image.service';
import { InvitationGrantsService } from '../invitation/invitation-grants.service';
import { AccessService } from '../membership/access.service';
import { MembershipRepository, memberKeyOf, ORGANIZATION_MEMBER_KEYSET } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import { groupRoles } from '../role/role.dto';
import { RoleRepository } from '../role/role.repository';
import { toOrganizationResponse, type OrganizationResponse, type OrganizationUpdateProps } from './organization.dto';
import { OrganizationEntity } from './organization.entity';
import { OrganizationRepository } from './organization.repository';
import { ORGANIZATION_KEYSET, organizationKeyOf } from './organization.sql';

@Injectable()
export class OrganizationService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly membershipService: MembershipService,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly images: ImageService,
    private readonly audit: AuditService,
    private readonly invitationGrants: InvitationGrantsService,
  ) {}

  /** Creates an organization with its preset roles (admin, member), in the transaction in progress or its own. */
  async create(operator: Pick<Operator, 'id'>, props: { name: string; profileImageSrc?: string | null; id?: string }): Promise<OrganizationEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    return this.transactions.withTransaction(async () => {
      const organization = Object.assign(new OrganizationEntity(), {
        id: props.id ?? generateId('organization'),
        name,
        profileImageSrc: props.profileImageSrc ?? null,
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.organizations.insert(organization);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: null }, operator.id);
      return (await this.organizations.findById(organization.id)) ?? organization;
    });
  }

  /** Organizations with their roles, in two statements whatever their number. */
  async toResponses(organizations: readonly OrganizationEntity[]): Promise<OrganizationResponse[]> {
    const roles = groupRoles(await this.roles.findOrganizationRoles(organizations.map((o) => o.id)), (r) => r.organizationId);
    return organizations.map((o) => toOrganizationResponse(o, roles.get(o.id) ?? []));
  }

  /** The organization (read again after an access check: it may have gone meanwhile) with its roles. */
  private async response(organizationId: string): Promise<OrganizationResponse> {
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw new DomainError('NOT_FOUND');
    const [response] = await this.toResponses([organization]);
    if (!response) throw new DomainError('NOT_FOUND');
    return response;
  }

  /** Every organization for a system administrator, otherwise the account's own (docs/product-rules.md#permissions); by name, with their roles; the query matches the name. */
  async listOfAccount(operator: Operator, request: ListRequest): Promise<OrganizationResponse[] | Page<OrganizationResponse>> {
    if (operator.isSystemAdmin) return this.listAll(operator, request);
    this.access.assert(operator, Actions.OrganizationListOwn);
    return this.page(operator.id, request);
  }

  /** Every organization by name, with its roles; the query matches the name. */
  async listAll(operator: Operator, request: ListRequest): Promise<OrganizationResponse[] | Page<OrganizationResponse>> {
    this.access.assert(operator, Actions.OrganizationListAll);
    return this.page(null, request);
  }

  /** The organizations (those `memberId` belongs to, or all) by name, with their roles. */
  private async page(memberId: string | null, request: ListRequest): Promise<OrganizationResponse[] | Page<OrganizationResponse>> {
    const window = listWindow(request, ORGANIZATION_KEYSET);
    return listAnswer(window, await this.organizations.page(memberId, window), organizationKeyOf, (row) => toOrganizationResponse(row, row.roles));
  }

  async createByAdmin(operator: Operator, props: { name: string; profileImageSrc?: string | null }, audit: AuditContext): Promise<OrganizationResponse> {
    this.access.assert(operator, Actions.OrganizationCreate);
    const name = validateName(props.name);
    return this.transactions.withTransaction(async () => {
      const organization = await this.create(operator, { name, profileImageSrc: props.profileImageSrc ?? null });
      await this.audit.record(audit, {
        action: 'organization.create',
        targetType: 'organization',
        targetId: organization.id,
        organizationId: organization.id,
        changes: changedFields(null, { name: organization.name, profileImageSrc: organization.profileImageSrc ?? undefined }),
      });
      return this.response(organization.id);
    });
  }

  async get(operator: Operator, organizationId: string): Promise<OrganizationResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationView);
    return this.response(organizationId);
  }

  async update(operator: Operator, organizationId: string, props: OrganizationUpdateProps, audit: AuditContext): Promise<OrganizationResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationUpdate);
    const changes: { name?: string; profileImageSrc?: string | null } = {};
    if (props.name !== undefined) changes.name = validateName(props.name);
    if (props.profileImageSrc !== undefined) changes.profileImageSrc = props.profileImageSrc;
    return this.transactions.withTransaction(async () => {
      const before = await this.organizations.findByIdForUpdate(organizationId);
      if (!before) throw new DomainError('NOT_FOUND');
      if (Object.keys(changes).length > 0) await this.organizations.update(organizationId, { ...changes, updatedById: operator.id });
      await this.audit.record(audit, {
        action: 'organization.update',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: changedFields(before, changes),
      });
      return this.response(organizationId);
    });
  }

  /**
   * Whether the organization requires a second factor (docs/product-rules.md#multi-factor-authentication):
   * organization admins and system admins; requiring it from a sign-in without one is refused
   * (MFA_SELF_LOCKOUT). Recorded also when unchanged.
   */
  async updateSecurity(operator: Operator, organizationId: string, mfaRequired: boolean, audit: AuditContext): Promise<OrganizationResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageSecurity, { requiresSecondFactor: mfaRequired });
    return this.transactions.withTransaction(async () => {
      const before = await this.organizations.findByIdForUpdate(organizationId);
      if (!before) throw new DomainError('NOT_FOUND');
      if (before.mfaRequired !== mfaRequired) await this.organizations.update(organizationId, { mfaRequired, updatedById: operator.id });
      await this.audit.record(audit, {
        action: 'organization.updateSecurity',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: changedFields(before, { mfaRequired }),
      });
      return this.response(organizationId);
    });
  }

  /** Stores a new image for the organization and returns its URL (recorded, not the image; the organization is updated by /organization/update). */
  async uploadProfileImage(operator: Operator, organizationId: unknown, image: Buffer, audit: AuditContext): Promise<{ url: string }> {
    assertValidId('organization', organizationId);
    await this.access.organization(operator, organizationId, Actions.OrganizationUploadImage);
    const uploaded = await this.images.storeProfileImage(image);
    await this.transactions.withTransaction(() =>
      this.audit.record(audit, {
        action: 'organization.uploadProfileImage',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: changedFields(null, { uploadedImageUrl: uploaded.url }),
      }),
    );
    return uploaded;
  }

  /**
   * The members in the order they joined, with their memberships in this organization only; the
   * query matches display name or e-mail address. With `notInProjectId`, not the members of that
   * project of the organization.
   */
  async listMembers(
    operator: Operator,
    organizationId: string,
    request: ListRequest,
    notInProjectId?: string,
  ): Promise<AccountResponse[] | Page<AccountResponse>> {
    await this.access.organization(operator, organizationId, Actions.OrganizationListMembers);
    const window = listWindow(request, ORGANIZATION_MEMBER_KEYSET);
    const rows = await this.memberships.organizationMemberPage(organizationId, window, notInProjectId);
    return listAnswer(window, rows, memberKeyOf, (row) => toAccountResponse(row, row.memberships));
  }

  /**
   * Removes the account from the organization and from its projects; never oneself, never the
   * last admin. Under the organization's lock (MembershipService.change), with the operator's rights
   * as they are then; the invitations the account sent that it may no longer send are cancelled
   * with it. Returns the account.
   */
  async removeMember(operator: Operator, organizationId: string, accountId: string, audit: AuditContext): Promise<AccountResponse> {
    return this.membershipService.change(
      () => this.access.organization(operator, organizationId, Actions.OrganizationRemoveMember, { targetAccountId: accountId }),
      async () => {
        await this.membershipService.assertKeepsAdmin(organizationId, { accountId, roleKey: null });
        const before = (await this.memberships.membershipsOf([accountId], organizationId)).get(accountId)?.[0];
        const removed = await this.memberships.deleteOrganizationMembership(accountId, organizationId);
        const account = removed ? await this.accounts.findById(accountId) : null;
        if (!account || !before) throw new DomainError('NOT_ORGANIZATION_MEMBER');
        await this.audit.record(audit, {
          action: 'membership.removeFromOrganization',
          targetType: 'membership',
          targetId: accountId,
          organizationId,
          changes: changedFields({ roleId: before.roleId, projects: before.projects }, { roleId: null, projects: [] }),
        });
        await this.invitationGrants.cancelUngrantable(organizationId, accountId, operator.id, audit);
        // Only what the organization may see of the account: its (now empty) membership here.
        return toAccountResponse(account, []);
      },
    );
  }
}
