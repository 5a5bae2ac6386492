import { Keyset, keyTime, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { allColumns, EntityColumns, nullable, record, text, type Statement } from '../../database/typed-sql';
import { AccountEntity } from '../account/account.entity';
import { OrganizationEntity } from '../organization/organization.entity';

/** The raw statements of deleted organizations and their purge (docs/architecture.md#repositories-and-sql). */

const ORGANIZATION = allColumns(OrganizationEntity, 'o');
const DELETER = new EntityColumns(AccountEntity, 'a', ['id', 'name', 'email']);

/** A deleted organization as the system administrators' listing reads it: with who deleted it and the time of its key. */
export interface DeletedOrganizationRow extends Omit<OrganizationEntity, 'deletedAt'> {
  deletedAt: Date;
  deleted_by_name: string | null;
  deleted_by_email: string | null;
  key_time: string;
}

export const decodeDeletedOrganizationRow = record<DeletedOrganizationRow>({
  ...ORGANIZATION.fields,
  // Set on every row the listing reads (deleted_at IS NOT NULL): decoded as the non-null timestamp it is.
  deletedAt: ORGANIZATION.fields.createdAt,
  deleted_by_name: nullable(text),
  deleted_by_email: nullable(text),
  key_time: text,
});

/** The order of the deleted organizations: the latest deleted first, then id (served by organizations_deleted_at_idx). */
export const DELETED_ORGANIZATION_KEYSET = new Keyset(
  [
    { sql: ORGANIZATION.sql('deletedAt'), part: 'time' },
    { sql: ORGANIZATION.sql('id'), part: 'organization' },
  ],
  'DESC',
);

export function deletedOrganizationKeyOf(row: DeletedOrganizationRow): KeyValues {
  return [row.key_time, row.id];
}

/** One page of the deleted organizations (not purged yet), the latest deleted first; the query matches the name. */
export function deletedOrganizationPage(window: ListWindow): Statement {
  return DELETED_ORGANIZATION_KEYSET.pageQuery(window, {
    select: `${ORGANIZATION.select()}, ${DELETER.sql('name')} AS deleted_by_name, ${DELETER.sql('email')} AS deleted_by_email,
             ${keyTime(ORGANIZATION.sql('deletedAt'))} AS key_time`,
    from: `organizations o LEFT JOIN accounts a ON ${DELETER.sql('id')} = ${ORGANIZATION.sql('deletedById')}`,
    search: [ORGANIZATION.sql('name')],
    where: () => [`${ORGANIZATION.sql('deletedAt')} IS NOT NULL`],
  });
}

const CLAIMED = new EntityColumns(OrganizationEntity, 'o', ['id', 'deletedAt', 'purgeLeaseUntil']);

export const decodeClaimedOrganization = record<{ id: string }>({ id: CLAIMED.fields.id });

/**
 * Claims up to `limit` organizations deleted before `deletedBefore` that no instance is purging
 * (no lease, or one that ended before `now`, as a crashed purge leaves it): their lease becomes
 * `leaseUntil`, so that no other instance takes them; rows another instance is claiming are
 * skipped (FOR UPDATE SKIP LOCKED).
 */
export function claimDueForPurge(deletedBefore: Date, now: Date, leaseUntil: Date, limit: number): Statement {
  return {
    text: `WITH due AS (
         SELECT ${CLAIMED.sql('id')} FROM organizations o
         WHERE ${CLAIMED.sql('deletedAt')} <= $1 AND (${CLAIMED.sql('purgeLeaseUntil')} IS NULL OR ${CLAIMED.sql('purgeLeaseUntil')} < $2)
         ORDER BY ${CLAIMED.sql('deletedAt')}, ${CLAIMED.sql('id')} LIMIT $4 FOR UPDATE SKIP LOCKED)
       UPDATE organizations o SET ${CLAIMED.column('purgeLeaseUntil')} = $3
       FROM due WHERE ${CLAIMED.sql('id')} = due.id
       RETURNING ${CLAIMED.sql('id')} AS id`,
    values: [deletedBefore, now, leaseUntil, limit],
  };
}
