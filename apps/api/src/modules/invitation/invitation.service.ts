import { Injectable } from '@nestjs/common';
import { Actions, assertValidId, DomainError } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { MailService } from '../mail/mail.service';
import { AccessService } from '../membership/access.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { toInvitationOrganizationResponse, toInvitationResponse, type InvitationResponse, type InvitationWithOrganizationResponse } from './invitation.dto';
import { INVITATION_MAIL_KIND } from './invitation-mail';
import { INVITATION_KEYSET, invitationKeyOf, InvitationRepository, type InvitationScope } from './invitation.repository';

/**
 * Reading invitations: the open ones of an organization or project, and one for its invitee.
 * Inviting, accepting and cancelling are InviteMembersService, InvitationAcceptanceService and
 * InvitationCancellationService.
 */
@Injectable()
export class InvitationService {
  constructor(
    private readonly access: AccessService,
    private readonly invitations: InvitationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly mail: MailService,
  ) {}

  /** /invitation/listInOrganization: open (pending or expired) invitations, newest first; any member of the organization. */
  async listInOrganization(operator: Operator, organizationId: string, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    assertValidId('organization', organizationId);
    await this.access.organization(operator, organizationId, Actions.InvitationList);
    return this.listOpen({ organizationId }, request);
  }

  /** /invitation/listInProject: open invitations naming the project, newest first; any member of the owning organization (docs/product-rules.md#permissions). */
  async listInProject(operator: Operator, projectId: string, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    assertValidId('project', projectId);
    await this.access.project(operator, projectId, Actions.InvitationList);
    return this.listOpen({ projectId }, request);
  }

  /** The open invitations of the scope, telling those whose e-mail was given up as failed; the query matches the e-mail address. */
  private async listOpen(scope: InvitationScope, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    const window = listWindow(request, INVITATION_KEYSET);
    const rows = await this.invitations.openPage(scope, window);
    const failed = await this.mail.failedReferences(
      INVITATION_MAIL_KIND,
      rows.map((i) => i.id),
    );
    const now = new Date();
    return listAnswer(window, rows, invitationKeyOf, (i) => toInvitationResponse(i, now, failed.has(i.id)));
  }

  /** /invitation/getByIdWithOrganization: readable by the invitee only (and system admins). */
  async getByIdWithOrganization(operator: Operator, invitationId: string): Promise<InvitationWithOrganizationResponse> {
    assertValidId('invitation', invitationId);
    const { invitation } = await this.access.invitation(operator, await this.invitations.findById(invitationId), Actions.InvitationRead);
    const organization = await this.organizations.findById(invitation.organizationId);
    if (!organization) throw new DomainError('INVITATION_NOT_FOUND');
    return { invitation: toInvitationResponse(invitation, new Date()), organization: toInvitationOrganizationResponse(organization) };
  }
}
