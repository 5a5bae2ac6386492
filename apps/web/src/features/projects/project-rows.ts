/** An organization as the project lists show it: each listed project carries its organization's name and image. */
export interface OrganizationSummary {
  id: string;
  name: string;
  profileImageSrc: string | null;
  /** The organization requires a second factor (docs/product-rules.md#multi-factor-authentication). */
  mfaRequired: boolean;
}

/** What the project lists read of a project. */
interface ListedProject {
  id: string;
  organizationId: string;
  organizationName: string;
  organizationProfileImageSrc: string | null;
  organizationMfaRequired: boolean;
}

/** The organization a listed project belongs to. */
export function organizationOf(project: ListedProject): OrganizationSummary {
  return {
    id: project.organizationId,
    name: project.organizationName,
    profileImageSrc: project.organizationProfileImageSrc,
    mfaRequired: project.organizationMfaRequired,
  };
}

/**
 * The rows of the project chooser: the projects arrive a page at a time ordered by organization,
 * so a heading row goes before the first project of each run of one organization's projects,
 * also when the run goes on across a page boundary.
 */
export type ChooserRow<P extends ListedProject> =
  { kind: 'organization'; organization: OrganizationSummary } | { kind: 'project'; organization: OrganizationSummary; project: P };

/** The projects in their order, a heading row before each run of one organization's. */
export function chooserRows<P extends ListedProject>(projects: readonly P[]): ChooserRow<P>[] {
  const rows: ChooserRow<P>[] = [];
  let previous: string | undefined;
  for (const project of projects) {
    const organization = organizationOf(project);
    if (organization.id !== previous) rows.push({ kind: 'organization', organization });
    rows.push({ kind: 'project', organization, project });
    previous = organization.id;
  }
  return rows;
}

/** Consecutive items of one organization, together (the rendered part of a list, a group per organization). */
export function runsByOrganization<T>(
  items: readonly T[],
  organizationOfItem: (item: T) => OrganizationSummary,
): { organization: OrganizationSummary; items: T[] }[] {
  const runs: { organization: OrganizationSummary; items: T[] }[] = [];
  for (const item of items) {
    const organization = organizationOfItem(item);
    const last = runs.at(-1);
    if (last && last.organization.id === organization.id) last.items.push(item);
    else runs.push({ organization, items: [item] });
  }
  return runs;
}

/** A row of the system-admin list: the chooser's rows, then each organization without a project to show. */
export type OrganizationProjectRow<P extends ListedProject> = ChooserRow<P> | { kind: 'noProjects'; organization: OrganizationSummary };

/**
 * The projects under their organizations' headings, then the organizations none of `projects`
 * belongs to, each with a プロジェクトがありません row (they are listed to create a first project).
 */
export function organizationProjectRows<P extends ListedProject>(
  projects: readonly P[],
  organizations: readonly OrganizationSummary[],
): OrganizationProjectRow<P>[] {
  const rows: OrganizationProjectRow<P>[] = chooserRows(projects);
  const listed = new Set(projects.map((p) => p.organizationId));
  for (const organization of organizations) {
    if (!listed.has(organization.id)) rows.push({ kind: 'organization', organization }, { kind: 'noProjects', organization });
  }
  return rows;
}
