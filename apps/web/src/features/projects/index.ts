/** Projects: the account's list and the chooser's grouping, the switcher, and one project's settings tabs (spec §2, §6). */
export { useProject } from './api/get-project';
export { useProjectsInAccount } from './api/get-projects-in-account';
export { ProductUsageTab } from './components/product-usage-tab';
export { ProjectGeneralTab } from './components/project-general-tab';
export { ProjectKarteTab } from './components/project-karte-tab';
export { ProjectMembersTab } from './components/project-members-tab';
export { ProjectSwitcher } from './components/project-switcher';
export { projectKeys } from './keys';
export { resolveLatestProjectId } from './latest-project';
export { groupProjects } from './project-groups';
