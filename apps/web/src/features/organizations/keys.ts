import { accountKeys } from '@/features/account';

/**
 * The query keys of organizations. An organization's members (and, below them, the members of
 * each of its projects) live under its detail key: a change of a membership in the organization
 * refreshes every member list of it. The organizations of the signed-in account live under the
 * account's key (they change with its memberships).
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  ofAccount: () => [...accountKeys.all, 'organizations'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  members: (id: string) => ['organizations', 'detail', id, 'members'] as const,
  karteMapping: (id: string) => ['organizations', 'detail', id, 'karteMapping'] as const,
};
