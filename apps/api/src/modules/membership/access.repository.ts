import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Membership, ProjectAssignment, RoleRef } from '@console/domain';
import { readRows } from '../../database/typed-sql';
import { decodeAccessRow, organizationAccess, projectAccess, type AccessRow } from './membership.sql';

/**
 * What one access question finds out about an account in an organization: the account's
 * membership there (at most one) with its roles in the projects asked about, and those roles
 * (id and key) — turned into role keys by the domain's accessRoleKeys, nowhere else.
 */
export interface AccessFacts {
  organizationId: string;
  /** The organization requires a second factor of its members' sign-ins (docs/product-rules.md#multi-factor-authentication). */
  requiresSecondFactor: boolean;
  /** The domains on which the organization requires single sign-on (none when it does not; docs/product-rules.md#single-sign-on). */
  ssoDomains: string[];
  /** The account's membership of the organization (none or one), with its assignments to the projects asked about. */
  memberships: Membership[];
  roles: { organization: RoleRef[]; project: RoleRef[] };
  /** The projects asked about that belong to the organization. */
  projectIds: string[];
}

function accessFacts(rows: readonly AccessRow[]): AccessFacts | null {
  const [first] = rows;
  if (!first) return null;
  const facts: AccessFacts = {
    organizationId: first.organization_id,
    requiresSecondFactor: first.organization_mfa_required,
    ssoDomains: first.organization_sso_domains,
    memberships: [],
    roles: { organization: [], project: [] },
    projectIds: [],
  };
  if (first.organization_role_id !== null && first.organization_role_key !== null)
    facts.roles.organization.push({ id: first.organization_role_id, key: first.organization_role_key });
  const projects: ProjectAssignment[] = [];
  for (const row of rows) {
    if (row.project_id === null) continue;
    facts.projectIds.push(row.project_id);
    if (row.project_role_id === null) continue;
    projects.push({ projectId: row.project_id, roleId: row.project_role_id });
    if (row.project_role_key !== null) facts.roles.project.push({ id: row.project_role_id, key: row.project_role_key });
  }
  if (first.organization_role_id !== null) facts.memberships.push({ organizationId: first.organization_id, roleId: first.organization_role_id, projects });
  return facts;
}

/** The access questions about the memberships: one statement each (AccessService asks them). */
@Injectable()
export class AccessRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The facts of an access question in an organization and some of its projects (see {@link organizationAccess}); null when there is no such organization. */
  async accessInOrganization(accountId: string, organizationId: string, projectIds: readonly string[]): Promise<AccessFacts | null> {
    return accessFacts(await readRows(this.txHost.tx, organizationAccess(accountId, organizationId, projectIds), decodeAccessRow));
  }

  /** The facts of an access question in a project (see {@link projectAccess}); null when there is no such project. */
  async accessInProject(accountId: string, projectId: string): Promise<AccessFacts | null> {
    return accessFacts(await readRows(this.txHost.tx, projectAccess(accountId, projectId), decodeAccessRow));
  }
}
