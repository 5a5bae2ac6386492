/**
 * The query keys of invitations: one invitation (the invitee's screen) and the lists of open
 * invitations of an organization or of a project, all under `['invitations']`.
 */
export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (id: string) => ['invitations', 'detail', id] as const,
  lists: () => ['invitations', 'list'] as const,
  inOrganization: (organizationId: string) => ['invitations', 'list', 'organization', organizationId] as const,
  inProject: (projectId: string) => ['invitations', 'list', 'project', projectId] as const,
};
