import { accountKeys } from '@/features/account';
import { organizationKeys } from '@/features/organizations';

/**
 * The query keys of projects. A project's members live under its organization's members (a
 * membership change in the organization refreshes them too); the projects of the signed-in
 * account live under the account's key (they change with its memberships).
 */
export const projectKeys = {
  all: ['projects'] as const,
  inAccount: () => [...accountKeys.all, 'projects'] as const,
  /** One organization's projects among the account's. */
  inOrganization: (organizationId: string) => [...accountKeys.all, 'projects', 'organization', organizationId] as const,
  /** The account's projects a page at a time, for a search ('' = every project). */
  inAccountPages: (query: string) => [...accountKeys.all, 'projects', 'pages', query] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  /** The members a page at a time, for a search ('' = every member). */
  memberPages: (organizationId: string, projectId: string, query: string) =>
    [...organizationKeys.members(organizationId), 'project', projectId, 'pages', query] as const,
  karteMapping: (id: string) => ['projects', 'detail', id, 'karteMapping'] as const,
};
