/** Grouping and search of projects under their organizations (spec §2: /projects, the switcher, /system-admin/orgs-and-projects). */
export interface NamedOrganization {
  id: string;
  name: string;
}

export interface NamedProject {
  id: string;
  name: string;
  organizationId: string;
}

export interface ProjectGroup<O extends NamedOrganization, P extends NamedProject> {
  organization: O;
  projects: P[];
}

export interface GroupProjectsOptions {
  /** The search text: matched against organization and project names, case-insensitively ('' = everything). */
  query?: string;
  /**
   * Whether an organization is listed with no project to show. The chooser and the switcher list
   * projects to open, so an organization without one is left out (false, the default); the
   * system-admin list is where projects are created, so every organization the search keeps is
   * listed, with or without projects (true).
   */
  includeEmptyOrganizations?: boolean;
}

/**
 * Projects grouped under their organizations, organizations in the given order and projects in
 * theirs. With a query, an organization whose name contains it keeps all its projects; any other
 * keeps only the projects whose name contains it, and is left out when none does.
 */
export function groupProjects<O extends NamedOrganization, P extends NamedProject>(
  organizations: readonly O[],
  projects: readonly P[],
  { query = '', includeEmptyOrganizations = false }: GroupProjectsOptions = {},
): ProjectGroup<O, P>[] {
  const needle = query.trim().toLowerCase();
  const matches = (name: string) => name.toLowerCase().includes(needle);
  const groups: ProjectGroup<O, P>[] = [];
  for (const organization of organizations) {
    const own = projects.filter((p) => p.organizationId === organization.id);
    const organizationMatches = needle === '' || matches(organization.name);
    const visible = organizationMatches ? own : own.filter((p) => matches(p.name));
    const listed = visible.length > 0 || (organizationMatches && includeEmptyOrganizations);
    if (listed) groups.push({ organization, projects: visible });
  }
  return groups;
}
