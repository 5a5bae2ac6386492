/**
 * The query keys of organizations. An organization's members (and, below them, the members of
 * each of its projects) live under its detail key: a change of a membership in the organization
 * refreshes every member list of it.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  members: (id: string) => ['organizations', 'detail', id, 'members'] as const,
  /** The members a page at a time, for a search ('' = every member). */
  memberPages: (id: string, query: string) => ['organizations', 'detail', id, 'members', 'pages', query] as const,
  /** Members not in one of its projects, for a search: whom to suggest inviting into it. */
  membersNotInProject: (id: string, projectId: string, query: string) => ['organizations', 'detail', id, 'members', 'notInProject', projectId, query] as const,
  karteMapping: (id: string) => ['organizations', 'detail', id, 'karteMapping'] as const,
  domains: (id: string) => ['organizations', 'detail', id, 'domains'] as const,
};
