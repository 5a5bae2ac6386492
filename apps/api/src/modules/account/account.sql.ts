import { allColumns, bool, EntityColumns, record, type Statement } from '../../database/typed-sql';
import { OrganizationEntity } from '../organization/organization.entity';
import { AccountEntity } from './account.entity';

/** The raw statements of the accounts (docs/architecture.md#repositories-and-sql). */

const ACCOUNT = allColumns(AccountEntity, 'a');

export const decodeAccount = record<AccountEntity>(ACCOUNT.fields);

/** The account of a Firebase user, every column under its property name. */
export function accountByIdaasId(idaasId: string): Statement {
  return { text: `SELECT ${ACCOUNT.select()} FROM accounts a WHERE ${ACCOUNT.sql('idaasId')} = $1`, values: [idaasId] };
}

const ORGANIZATION_IMAGE = new EntityColumns(OrganizationEntity, 'o', ['id', 'profileImageSrc']);

export const decodeInUse = record<{ inUse: boolean }>({ inUse: bool });

/**
 * Whether an account or an organization (other than `exceptOrganizationId`, one being purged) shows
 * the stored image `name` (stored images are named by their content, so several may).
 */
export function storedImageInUse(name: string, exceptOrganizationId: string | null = null): Statement {
  return {
    text: `SELECT (EXISTS (SELECT 1 FROM accounts a WHERE strpos(${ACCOUNT.sql('profileImageSrc')}, $1) > 0)
        OR EXISTS (SELECT 1 FROM organizations o WHERE strpos(${ORGANIZATION_IMAGE.sql('profileImageSrc')}, $1) > 0
          AND ${ORGANIZATION_IMAGE.sql('id')} IS DISTINCT FROM $2)) AS "inUse"`,
    values: [name, exceptOrganizationId],
  };
}
