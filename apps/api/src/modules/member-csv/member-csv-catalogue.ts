import { formatProjectRoles, type ProjectAssignment } from '@console/domain';
import type { RoleEntity } from '../role/role.entity';

/** A role as the member CSV names it. */
interface CsvRole {
  id: string;
  key: string;
  name: string;
}

/** A project of the organization with its roles. */
export interface CsvProject {
  id: string;
  name: string;
  roles: readonly CsvRole[];
}

/**
 * A role named in a cell: by key (case-insensitive) or by name as the console shows it (trimmed),
 * the key first; undefined for none or for a name several roles share.
 */
function findRole(roles: readonly CsvRole[], text: string): CsvRole | undefined {
  const wanted = text.trim();
  if (wanted === '') return undefined;
  const byKey = roles.find((r) => r.key.toLowerCase() === wanted.toLowerCase());
  if (byKey) return byKey;
  const byName = roles.filter((r) => r.name === wanted);
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * The organization's roles and projects (with theirs) as the member CSV writes and reads them
 * (docs/product-rules.md#member-csv): roles by name, projects by name (or id) as `project:role`.
 */
export class MemberCsvCatalogue {
  private readonly projectsById: ReadonlyMap<string, CsvProject>;

  constructor(
    private readonly organizationRoles: readonly RoleEntity[],
    private readonly projects: readonly CsvProject[],
  ) {
    this.projectsById = new Map(projects.map((p) => [p.id, p]));
  }

  /** The organization role's name (its id when the organization has no such role). */
  organizationRoleName(roleId: string): string {
    return this.organizationRoles.find((r) => r.id === roleId)?.name ?? roleId;
  }

  /** The project roles cell of the assignments, by project and role name. */
  projectRolesCell(assignments: readonly ProjectAssignment[]): string {
    return formatProjectRoles(
      assignments.map((a) => {
        const project = this.projectsById.get(a.projectId);
        return { project: project?.name ?? a.projectId, role: project?.roles.find((r) => r.id === a.roleId)?.name ?? a.roleId };
      }),
    );
  }

  organizationRole(text: string): CsvRole | undefined {
    return findRole(this.organizationRoles, text);
  }

  /** A project named by id, else by name (trimmed; undefined for a name several projects share). */
  project(text: string): CsvProject | undefined {
    const byId = this.projectsById.get(text);
    if (byId) return byId;
    const byName = this.projects.filter((p) => p.name === text);
    return byName.length === 1 ? byName[0] : undefined;
  }

  projectRole(project: CsvProject, text: string): CsvRole | undefined {
    return findRole(project.roles, text);
  }
}
