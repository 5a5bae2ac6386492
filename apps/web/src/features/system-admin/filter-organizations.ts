interface Named {
  id: string;
  name: string;
}

export interface OrganizationGroup<O extends Named, P extends Named & { organizationId: string }> {
  organization: O;
  projects: P[];
}

/**
 * Groups projects under their organizations and filters by the query, case-insensitively: an
 * organization whose name matches keeps all its projects; otherwise only its matching projects.
 */
export function filterOrganizationGroups<O extends Named, P extends Named & { organizationId: string }>(organizations: readonly O[], projects: readonly P[], query: string): OrganizationGroup<O, P>[] {
  const q = query.trim().toLowerCase();
  const groups: OrganizationGroup<O, P>[] = [];
  for (const organization of organizations) {
    const own = projects.filter((p) => p.organizationId === organization.id);
    if (q === '' || organization.name.toLowerCase().includes(q)) {
      groups.push({ organization, projects: own });
      continue;
    }
    const matching = own.filter((p) => p.name.toLowerCase().includes(q));
    if (matching.length > 0) groups.push({ organization, projects: matching });
  }
  return groups;
}
