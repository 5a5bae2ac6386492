import { allColumns, EntityColumns, record, text, type Statement } from '../../database/typed-sql';
import { OrganizationDomainEntity } from '../organization-domain/organization-domain.entity';
import { OrganizationEntity } from '../organization/organization.entity';
import { SsoConnectionEntity } from './sso-connection.entity';

/** The raw statements of single sign-on (docs/architecture.md#repositories-and-sql). */

const CONNECTION = allColumns(SsoConnectionEntity, 'c');
const ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['id', 'name', 'deletedAt']);
const DOMAIN = new EntityColumns(OrganizationDomainEntity, 'd', ['organizationId', 'domain', 'state']);

/** A connection with the name of its organization (the system administrators' list). */
export interface ConnectionWithOrganizationRow extends SsoConnectionEntity {
  organizationName: string;
}

export const decodeConnection = record<SsoConnectionEntity>(CONNECTION.fields);
export const decodeConnectionWithOrganization = record<ConnectionWithOrganizationRow>({ ...CONNECTION.fields, organizationName: text });

/** Every live organization's connection, by organization name, at most `limit`. */
export function allConnections(limit: number): Statement {
  return {
    text: `SELECT ${CONNECTION.select()}, ${ORGANIZATION.sql('name')} AS "organizationName"
       FROM sso_connections c JOIN organizations o ON ${ORGANIZATION.sql('id')} = ${CONNECTION.sql('organizationId')} AND ${ORGANIZATION.sql('deletedAt')} IS NULL
       ORDER BY ${ORGANIZATION.sql('name')}, ${CONNECTION.sql('id')} LIMIT $1`,
    values: [limit],
  };
}

/** The connection of the live organization that has verified `domain` (whether enabled or not): at most one. */
export function connectionOfDomain(domain: string): Statement {
  return {
    text: `SELECT ${CONNECTION.select()}
       FROM sso_connections c
       JOIN organizations o ON ${ORGANIZATION.sql('id')} = ${CONNECTION.sql('organizationId')} AND ${ORGANIZATION.sql('deletedAt')} IS NULL
       JOIN organization_domains d ON ${DOMAIN.sql('organizationId')} = ${CONNECTION.sql('organizationId')} AND ${DOMAIN.sql('state')} = 'verified' AND ${DOMAIN.sql('domain')} = $1`,
    values: [domain],
  };
}
