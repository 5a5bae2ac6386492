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
  detail: (id: string) => ['projects', 'detail', id] as const,
  members: (organizationId: string, projectId: string) => [...organizationKeys.members(organizationId), 'project', projectId] as const,
  karteMapping: (id: string) => ['projects', 'detail', id, 'karteMapping'] as const,
};
