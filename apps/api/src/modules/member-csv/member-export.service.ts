import { Injectable } from '@nestjs/common';
import { Actions, DEFAULT_LOCALE, MEMBER_CSV_COLUMNS, MEMBER_CSV_HEADERS, UNPAGED_LIST_CAP, type Locale, type MemberCsvEncoding } from '@console/domain';
import type { Readable } from 'node:stream';
import type { Operator } from '../../common/auth/operator';
import { copiedCsvStream } from '../../common/http/csv';
import type { KeyValues } from '../../common/http/paging-sql';
import { AccountRepository } from '../account/account.repository';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { ProjectRepository } from '../project/project.repository';
import { projectKeyOf, type ProjectRow } from '../project/project.sql';
import { RoleRepository } from '../role/role.repository';
import type { ExportMembersRequest } from './member-csv.dto';
import { MemberCsvCatalogue, type CsvProject } from './member-csv-catalogue';

/** The member CSV of an organization (docs/product-rules.md#member-csv), and the roles and projects its files name. */
@Injectable()
export class MemberExportService {
  constructor(
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly memberships: MembershipRepository,
    private readonly projects: ProjectRepository,
    private readonly roles: RoleRepository,
  ) {}

  /** The organization's projects with their roles, read a keyset page at a time (an organization has few). */
  async projectsOf(organizationId: string): Promise<ProjectRow[]> {
    const projects: ProjectRow[] = [];
    let after: KeyValues | null = null;
    for (;;) {
      const rows = await this.projects.page({ memberId: null, organizationId }, { pageSize: null, fetch: UNPAGED_LIST_CAP, after, pattern: null });
      projects.push(...rows);
      const last = rows.at(-1);
      if (!last || rows.length < UNPAGED_LIST_CAP) break;
      after = projectKeyOf(last);
    }
    return projects;
  }

  /** The organization's roles and its projects with theirs (those given, else read). */
  async catalogue(organizationId: string, projects?: readonly ProjectRow[]): Promise<MemberCsvCatalogue> {
    const rows = projects ?? (await this.projectsOf(organizationId));
    const csvProjects: CsvProject[] = rows.map((p) => ({ id: p.id, name: p.name, roles: p.roles }));
    return new MemberCsvCatalogue(await this.roles.findOrganizationRoles([organizationId]), csvProjects);
  }

  /**
   * /organization/exportMembers: the members in the order they joined, with their roles by name and
   * the day they joined, headers in the request's language (else the account's). Organization
   * admins and system administrators; streamed as Postgres writes it (see membersCsv).
   */
  async export(operator: Operator, request: ExportMembersRequest): Promise<Readable> {
    const { organizationId } = request;
    await this.access.organization(operator, organizationId, Actions.OrganizationExportMembers);
    const locale: Locale = request.locale ?? (await this.accounts.findById(operator.id))?.locale ?? DEFAULT_LOCALE;
    return this.membersCsv(organizationId, locale, request.encoding);
  }

  /** The member CSV of the organization, without asking whether the caller may read it (the callers do). */
  membersCsv(organizationId: string, locale: Locale, encoding?: MemberCsvEncoding): Readable {
    const headers = MEMBER_CSV_HEADERS[locale];
    return copiedCsvStream(
      MEMBER_CSV_COLUMNS.map((column) => headers[column]),
      this.memberships.membersCsvRecords(organizationId),
      encoding,
    );
  }
}
