/** Projects: the account's list and the chooser's grouping, the switcher, and one project's settings tabs (docs/product-rules.md#screens, #permissions). */
import { lazy } from 'react';

export { useProject } from './api/get-project';
export { useOrganizationProjects, useProjectPages } from './api/get-projects-in-account';
export { ProductUsageTab } from './components/product-usage-tab';
export { ProjectGeneralTab } from './components/project-general-tab';
export { ProjectKarteTab } from './components/project-karte-tab';
/** The members tab, downloaded when it is opened (the heaviest of the project settings' tabs). */
export const ProjectMembersTab = lazy(() => import('./components/project-members-tab').then((module) => ({ default: module.ProjectMembersTab })));
export { ProjectNavLink } from './components/project-nav-link';
export { ProjectSwitcher } from './components/project-switcher';
export { projectKeys } from './keys';
export { resolveLatestProjectId } from './latest-project';
export { chooserRows, organizationProjectRows, runsByOrganization } from './project-rows';
export { PROJECT_NAME_HEADING_SIZE } from './heading';
