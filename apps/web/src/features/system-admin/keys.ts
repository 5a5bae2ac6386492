/** The query keys of the system-admin area: every account, every organization, every project. */
export const systemAdminKeys = {
  all: ['systemAdmin'] as const,
  accounts: () => ['systemAdmin', 'accounts'] as const,
  organizations: () => ['systemAdmin', 'organizations'] as const,
  projects: () => ['systemAdmin', 'projects'] as const,
};
