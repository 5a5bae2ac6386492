/** The system-admin area: accounts and system-admin rights, every organization and project (spec §2, §6). */
export { useCreateOrganization } from './api/create-organization';
export { useCreateProject } from './api/create-project';
export { useAccounts, type AdminAccount } from './api/get-accounts';
export { useAllOrganizations, type AdminOrganization } from './api/get-all-organizations';
export { useAllProjects } from './api/get-all-projects';
export { useUpdateIsSystemAdmin } from './api/update-is-system-admin';
export { GrantSystemAdminDialog } from './components/grant-system-admin-dialog';
export { NameDialog } from './components/name-dialog';
