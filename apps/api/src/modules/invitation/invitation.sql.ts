import { Keyset, keyTime, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { allColumns, record, text, type Statement } from '../../database/typed-sql';
import { InvitationEntity } from './invitation.entity';

/** The raw statements of the invitations (docs/architecture.md#repositories-and-sql). */

const INVITATION = allColumns(InvitationEntity, 'i');

/** An invitation as its listings read it, with the time of its key. */
export interface InvitationRow extends InvitationEntity {
  key_time: string;
}

export const decodeInvitationRow = record<InvitationRow>({ ...INVITATION.fields, key_time: text });

/** The order of the invitation listings: newest first, by creation time (to the microsecond) and id. */
export const INVITATION_KEYSET = new Keyset(
  [
    { sql: INVITATION.sql('createdAt'), part: 'time' },
    { sql: INVITATION.sql('id'), part: 'invitation' },
  ],
  'DESC',
);

export function invitationKeyOf(row: InvitationRow): KeyValues {
  return [row.key_time, row.id];
}

/** The columns an invitation page reads: the invitation and the time of its key. */
const INVITATION_PAGE_SELECT = `${INVITATION.select()}, ${keyTime(INVITATION.sql('createdAt'))} AS key_time`;

/** Which open invitations a listing reads: an organization's, or those naming a project. */
export type InvitationScope = { organizationId: string } | { projectId: string };

/**
 * One page of the open (neither accepted nor cancelled: pending or expired) invitations of the
 * organization (read from invitations_open_organization_idx in its order), or of those whose
 * membership projects include the project (jsonb containment, served by the GIN index on
 * projects), newest first; the query matches the e-mail address.
 *
 * A project's page is planned for its values on every call (Statement.planPerCall): the plan
 * Postgres keeps for a prepared statement after five calls estimates the share of the
 * organization's invitations that name a project without knowing which project, takes it for a
 * few dozen, and intersects the GIN index with the organization's invitations to sort every match:
 * 5.3–5.9 ms for a page of the largest project's 5,000 open invitations in the scale benchmark,
 * where the plan for the values walks the organization's open invitations in order and stops at
 * the page's end (0.12–0.22 ms, planned in 0.15–0.7 ms).
 */
export function openInvitationPage(scope: InvitationScope, window: ListWindow): Statement {
  const page = INVITATION_KEYSET.pageQuery(window, {
    select: INVITATION_PAGE_SELECT,
    from: 'invitations i',
    search: [INVITATION.sql('email')],
    where: (sql) => [
      ...('organizationId' in scope
        ? [`${INVITATION.sql('organizationId')} = ${sql.param(scope.organizationId)}`]
        : // The project's organization too (its invitations are the only ones that may name it): the order then comes from invitations_open_organization_idx.
          [
            `${INVITATION.sql('organizationId')} = (SELECT organization_id FROM projects WHERE id = ${sql.param(scope.projectId)})`,
            `${INVITATION.sql('projects')} @> ${sql.param(JSON.stringify([{ projectId: scope.projectId }]))}::jsonb`,
          ]),
      `${INVITATION.sql('acceptedAt')} IS NULL AND ${INVITATION.sql('cancelledAt')} IS NULL`,
    ],
  });
  return 'organizationId' in scope ? page : { ...page, planPerCall: true };
}

/** One page of every invitation of the organization, whatever its status, newest first (the organization's export). */
export function organizationInvitationPage(organizationId: string, window: ListWindow): Statement {
  return INVITATION_KEYSET.pageQuery(window, {
    select: INVITATION_PAGE_SELECT,
    from: 'invitations i',
    search: [INVITATION.sql('email')],
    where: (sql) => [`${INVITATION.sql('organizationId')} = ${sql.param(organizationId)}`],
  });
}
