import { allColumns, EntityColumns, record, text, type Statement } from '../../database/typed-sql';
import { OrganizationEntity } from '../organization/organization.entity';
import { OrganizationDomainEntity } from './organization-domain.entity';

/** The raw statements of organizations' domains (docs/architecture.md#repositories-and-sql). */

const DOMAIN = allColumns(OrganizationDomainEntity, 'd');
const ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['name', 'deletedAt']);

/** A domain with the name of its organization (the system administrators' list). */
export interface DomainWithOrganizationRow extends OrganizationDomainEntity {
  organizationName: string;
}

export const decodeDomain = record<OrganizationDomainEntity>(DOMAIN.fields);
export const decodeDomainWithOrganization = record<DomainWithOrganizationRow>({ ...DOMAIN.fields, organizationName: text });

/** Every organization's domains, by domain then organization name, at most `limit`. */
export function allDomains(limit: number): Statement {
  return {
    text: `SELECT ${DOMAIN.select()}, ${ORGANIZATION.sql('name')} AS "organizationName"
       FROM organization_domains d JOIN organizations o ON o.id = ${DOMAIN.sql('organizationId')} AND ${ORGANIZATION.sql('deletedAt')} IS NULL
       ORDER BY ${DOMAIN.sql('domain')}, ${ORGANIZATION.sql('name')}, ${DOMAIN.sql('id')} LIMIT $1`,
    values: [limit],
  };
}

/**
 * Claims up to `limit` verified domains last checked before `checkedBefore` (never checked first)
 * for a re-check: their last check becomes now, so that no other instance takes them, and rows
 * another instance is claiming are skipped (FOR UPDATE SKIP LOCKED).
 */
export function claimDueForRecheck(checkedBefore: Date, limit: number): Statement {
  return {
    text: `WITH due AS (
         SELECT ${DOMAIN.sql('id')} FROM organization_domains d
         WHERE ${DOMAIN.sql('state')} = 'verified' AND (${DOMAIN.sql('lastCheckedAt')} IS NULL OR ${DOMAIN.sql('lastCheckedAt')} < $1)
         ORDER BY ${DOMAIN.sql('lastCheckedAt')} NULLS FIRST LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE organization_domains d SET ${DOMAIN.column('lastCheckedAt')} = now()
       FROM due WHERE ${DOMAIN.sql('id')} = due.id
       RETURNING ${DOMAIN.select()}`,
    values: [checkedBefore, limit],
  };
}
