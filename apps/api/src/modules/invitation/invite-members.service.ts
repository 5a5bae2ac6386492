import { Injectable, Logger } from '@nestjs/common';
import {
  Actions,
  addMissingProjects,
  assertValidId,
  DEFAULT_LOCALE,
  DomainError,
  isValidEmail,
  normalizeEmail,
  uniqueEmails,
  type Membership,
} from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AccessService } from '../membership/access.service';
import { MembershipService } from '../membership/membership.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { RoleRepository } from '../role/role.repository';
import type { InviteMembersRequest, InviteResultEntryResponse } from './invitation.dto';
import { InvitationRepository } from './invitation.repository';
import { InvitationGrantsService } from './invitation-grants.service';
import { InviteAddressService } from './invite-address.service';

/** An open invitation younger than this is not replaced by inviting its address again: the calls are one invitation. */
const DUPLICATE_INVITATION_WINDOW_MS = 10_000;

/** Inviting members (/organization/inviteMembers): the checks of the call, then one outcome per address (InviteAddressService). */
@Injectable()
export class InviteMembersService {
  private readonly logger = new Logger(InviteMembersService.name);

  constructor(
    private readonly access: AccessService,
    private readonly invitations: InvitationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly membershipService: MembershipService,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly inviteAddress: InviteAddressService,
    private readonly invitationGrants: InvitationGrantsService,
  ) {}

  /**
   * /organization/inviteMembers: one entry per distinct address. A member of the organization
   * gets the missing projects directly; anyone else gets an invitation, whose e-mail is queued
   * in the same transaction. A bad address fails only its own entry. The valid addresses count
   * against the organization's invitations of the UTC day (INVITATIONS_PER_ORGANIZATION_PER_DAY):
   * a call that would pass it invites nobody and answers 429 RATE_LIMITED.
   *
   * Organization admins invite with any roles; a project admin invites into the projects it
   * administers with the organization's member role (AccessService.assertMayInvite). Nobody
   * chooses their own roles (docs/product-rules.md#permissions): a call naming the operator's own address invites nobody and
   * answers 403 CANNOT_CHANGE_OWN_ROLE, like /account/assign*Role on oneself.
   *
   * Inviting an address again replaces its open invitation, that is the ones open when this call
   * began and older than {@link DUPLICATE_INVITATION_WINDOW_MS}. Calls that overlap or follow
   * each other within that window (a double submit, a client retry) give one invitation and one
   * e-mail: the unique index on open invitations lets only the first insert through, and the
   * others answer with its invitation.
   *
   * Each address is written in a transaction of its own that first takes the organization's lock
   * (MembershipService.lockOrganization) and asks the operator's right to invite it again, as it
   * is then: an invitation is never sent by someone a concurrent change has just demoted (whose
   * invitations that change cancelled).
   */
  async inviteMembers(operator: Operator, request: InviteMembersRequest, audit: AuditContext): Promise<InviteResultEntryResponse[]> {
    assertValidId('organization', request.organizationId);
    const projects = addMissingProjects([], request.props.projects);
    for (const p of projects) {
      assertValidId('project', p.projectId);
      assertValidId('role', p.roleId);
    }
    assertValidId('role', request.props.roleId);
    const invited: Membership = { organizationId: request.organizationId, roleId: request.props.roleId, projects };
    const addresses = uniqueEmails(request.emails);
    const validAddresses = addresses.filter(isValidEmail);
    const replaced = await this.invitations.openIdsByEmail(
      invited.organizationId,
      validAddresses.map(normalizeEmail),
      new Date(Date.now() - DUPLICATE_INVITATION_WINDOW_MS),
    );
    const access = await this.access.organization(
      operator,
      invited.organizationId,
      Actions.OrganizationView,
      {},
      projects.map((p) => p.projectId),
    );
    const organizationRoles = await this.roles.findOrganizationRoles([invited.organizationId]);
    this.access.assertMayInvite(access, invited, organizationRoles, validAddresses);
    await this.invitationGrants.assertValid(invited, access, organizationRoles);
    /** In the transaction of one address: takes the organization's lock, then asks whether the operator may still invite it. */
    const authorize = async (email: string) => {
      await this.membershipService.lockOrganization(invited.organizationId);
      const current = await this.access.organization(
        operator,
        invited.organizationId,
        Actions.OrganizationView,
        {},
        projects.map((p) => p.projectId),
      );
      this.access.assertMayInvite(current, invited, organizationRoles, [email]);
    };
    const organization = await this.organizations.findById(invited.organizationId);
    if (!organization) throw new DomainError('NOT_FOUND');
    // Counted only now that the caller may invite: nobody else can use up the organization's daily allowance.
    await this.rateLimiter.countInvitations(organization.id, validAddresses.length);
    const inviter = await this.accounts.findById(operator.id);
    const entries: InviteResultEntryResponse[] = [];
    for (const raw of addresses) {
      if (!isValidEmail(raw)) {
        entries.push({ email: raw, invitation: null, account: null, errorCode: 'INVALID_EMAIL' });
        continue;
      }
      const email = normalizeEmail(raw);
      try {
        entries.push(
          await this.inviteAddress.invite(
            operator,
            organization,
            email,
            invited,
            replaced.get(email) ?? [],
            { name: inviter?.name ?? null, email: operator.email, locale: inviter?.locale ?? DEFAULT_LOCALE },
            authorize,
            audit,
          ),
        );
      } catch (error) {
        // The address fails alone, with its error code in its entry (a refusal's own code, FAILED_TO_INVITE otherwise).
        this.logger.warn({ err: error, organizationId: organization.id }, 'Invitation of one address failed');
        entries.push({ email: raw, invitation: null, account: null, errorCode: error instanceof DomainError ? error.errorCode : 'FAILED_TO_INVITE' });
      }
    }
    return entries;
  }
}
