/** Grouping and search of the project chooser (spec §2, /projects). */
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

/**
 * Projects grouped under their organizations (organizations in the given order, projects in
 * theirs), keeping only organizations that have projects. With a query, an organization whose
 * name contains it (case-insensitively) keeps all its projects; otherwise only projects whose
 * name contains it remain.
 */
export function groupProjects<O extends NamedOrganization, P extends NamedProject>(organizations: readonly O[], projects: readonly P[], query = ''): ProjectGroup<O, P>[] {
  const needle = query.trim().toLocaleLowerCase();
  const groups: ProjectGroup<O, P>[] = [];
  for (const organization of organizations) {
    const own = projects.filter((p) => p.organizationId === organization.id);
    const organizationMatches = needle === '' || organization.name.toLocaleLowerCase().includes(needle);
    const visible = organizationMatches ? own : own.filter((p) => p.name.toLocaleLowerCase().includes(needle));
    if (visible.length > 0) groups.push({ organization, projects: visible });
  }
  return groups;
}
