import type { JoinRequestStatus } from '@console/domain';
import { Keyset, keyTime, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { allColumns, EntityColumns, nullable, record, text, type Statement } from '../../database/typed-sql';
import { AccountEntity } from '../account/account.entity';
import { OrganizationDomainEntity } from '../organization-domain/organization-domain.entity';
import { OrganizationEntity } from '../organization/organization.entity';
import { JoinRequestEntity } from './join-request.entity';

/** The raw statements of join requests (docs/architecture.md#repositories-and-sql). */

const REQUEST = allColumns(JoinRequestEntity, 'r');
const ACCOUNT = new EntityColumns(AccountEntity, 'a', ['name']);
const DOMAIN = new EntityColumns(OrganizationDomainEntity, 'd', ['displayDomain']);
const ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['name']);

/** A join request as the listings read it: the requester's name, the domain and organization names, the time of its key. */
export interface JoinRequestRow extends JoinRequestEntity {
  accountName: string | null;
  displayDomain: string | null;
  organizationName: string;
  key_time: string;
}

export const decodeJoinRequestRow = record<JoinRequestRow>({
  ...REQUEST.fields,
  accountName: nullable(text),
  displayDomain: nullable(text),
  organizationName: text,
  key_time: text,
});

/** The order of the organizations' listings: newest first, by creation time (to the microsecond) and id. */
export const JOIN_REQUEST_KEYSET = new Keyset(
  [
    { sql: REQUEST.sql('createdAt'), part: 'time' },
    { sql: REQUEST.sql('id'), part: 'joinRequest' },
  ],
  'DESC',
);

export function joinRequestKeyOf(row: JoinRequestRow): KeyValues {
  return [row.key_time, row.id];
}

const SELECT = `${REQUEST.select()}, ${ACCOUNT.sql('name')} AS "accountName", ${DOMAIN.sql('displayDomain')} AS "displayDomain",
  ${ORGANIZATION.sql('name')} AS "organizationName", ${keyTime(REQUEST.sql('createdAt'))} AS key_time`;
const FROM = `join_requests r JOIN organizations o ON o.id = ${REQUEST.sql('organizationId')}
  JOIN accounts a ON a.id = ${REQUEST.sql('accountId')} LEFT JOIN organization_domains d ON d.id = ${REQUEST.sql('domainId')}`;

/** One page of the organization's join requests (of one status, when asked), newest first; the query matches the address and the name. */
export function joinRequestPage(organizationId: string, status: JoinRequestStatus | undefined, window: ListWindow): Statement {
  return JOIN_REQUEST_KEYSET.pageQuery(window, {
    select: SELECT,
    from: FROM,
    search: [REQUEST.sql('email'), ACCOUNT.sql('name')],
    where: (sql) => [
      `${REQUEST.sql('organizationId')} = ${sql.param(organizationId)}`,
      ...(status === undefined ? [] : [`${REQUEST.sql('status')} = ${sql.param(status)}`]),
    ],
  });
}

/** The requests with these ids (a request just written, or the account's own), newest first. */
export function joinRequestsByIds(ids: readonly string[]): Statement {
  return {
    text: `SELECT ${SELECT} FROM ${FROM} WHERE ${REQUEST.sql('id')} = ANY($1) ORDER BY ${REQUEST.sql('createdAt')} DESC, ${REQUEST.sql('id')} DESC`,
    values: [ids],
  };
}
