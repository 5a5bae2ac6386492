/**
 * The query keys of invitations: one invitation (the invitee's screen) and the lists of open
 * invitations of an organization or of a project, all under `['invitations']`.
 */
export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (id: string) => ['invitations', 'detail', id] as const,
  lists: () => ['invitations', 'list'] as const,
  /** An organization's open invitations a page at a time, for a search ('' = all). */
  inOrganization: (organizationId: string, query: string) => ['invitations', 'list', 'organization', organizationId, query] as const,
  /** A project's open invitations a page at a time, for a search ('' = all). */
  inProject: (projectId: string, query: string) => ['invitations', 'list', 'project', projectId, query] as const,
};
