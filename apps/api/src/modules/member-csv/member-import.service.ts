import { Injectable, Logger } from '@nestjs/common';
import {
  Actions,
  DomainError,
  emailsEqual,
  ERROR_MESSAGES,
  invitationStatus,
  isValidEmail,
  MAX_EMAILS_PER_INVITE,
  MEMBER_CSV_HEADERS,
  MEMBER_CSV_MAX_ROWS,
  MEMBER_CSV_REQUIRED_COLUMNS,
  memberCsvColumnOf,
  normalizeEmail,
  parseProjectRoles,
  type ErrorCode,
  type Membership,
  type MemberCsvColumn,
  type ProjectAssignment,
} from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { csvRecords, decodeCsv, type CsvRecord } from '../../common/http/csv-read';
import type { AuditContext } from '../audit/audit-context';
import { InvitationRepository } from '../invitation/invitation.repository';
import { InviteMembersService } from '../invitation/invite-members.service';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import type { MemberImportResponse, MemberImportRowResponse } from './member-csv.dto';
import type { MemberCsvCatalogue } from './member-csv-catalogue';
import { MemberExportService } from './member-export.service';

/** A data row of the file, its result and, when valid, the membership it invites into. */
interface ImportRow extends MemberImportRowResponse {
  membership: Omit<Membership, 'organizationId'> | null;
}

/** Where each column the file has sits in its rows. */
type ColumnIndex = Partial<Record<MemberCsvColumn, number>>;

function headerError(detail: string): DomainError {
  return new DomainError('CSV_HEADER_INVALID', `${ERROR_MESSAGES.CSV_HEADER_INVALID}: ${detail}`);
}

/** The columns of the header record: each cell a known column (in either language), named once, the required ones present. */
function columnsOf(header: readonly string[]): ColumnIndex {
  const index: ColumnIndex = {};
  header.forEach((cell, i) => {
    const column = memberCsvColumnOf(cell);
    if (column === undefined) throw headerError(`unknown column "${cell}"`);
    if (index[column] !== undefined) throw headerError(`column "${cell}" appears twice`);
    index[column] = i;
  });
  const missing = MEMBER_CSV_REQUIRED_COLUMNS.filter((column) => index[column] === undefined);
  if (missing.length > 0) throw headerError(`missing column ${missing.map((c) => `"${MEMBER_CSV_HEADERS.ja[c]}"`).join(', ')}`);
  return index;
}

/** The projects of a project roles cell, or the error of the first entry the organization does not have. */
function projectsOf(catalogue: MemberCsvCatalogue, cell: string): ProjectAssignment[] | ErrorCode {
  const projects: ProjectAssignment[] = [];
  for (const entry of parseProjectRoles(cell)) {
    const project = catalogue.project(entry.project);
    if (!project) return 'PROJECT_NOT_IN_ORGANIZATION';
    const role = catalogue.projectRole(project, entry.role);
    if (!role) return 'ROLE_NOT_FOUND';
    if (projects.some((p) => p.projectId === project.id)) return 'VALIDATION_FAILED';
    projects.push({ projectId: project.id, roleId: role.id });
  }
  return projects;
}

/**
 * Importing members from a CSV file (docs/product-rules.md#member-csv): a preview that validates
 * every row and changes nothing, and an import that invites the valid rows through
 * InviteMembersService (its rules, rate limit, audit events and e-mails), one result per row.
 */
@Injectable()
export class MemberImportService {
  private readonly logger = new Logger(MemberImportService.name);

  constructor(
    private readonly access: AccessService,
    private readonly exporting: MemberExportService,
    private readonly memberships: MembershipRepository,
    private readonly invitations: InvitationRepository,
    private readonly inviting: InviteMembersService,
  ) {}

  /** /organization/previewMemberImport: each row with its validation result; organization admins. */
  async preview(operator: Operator, organizationId: string, file: Buffer): Promise<MemberImportResponse> {
    const { encoding, rows } = await this.validate(operator, organizationId, file);
    return { encoding, rows: rows.map(({ membership: _membership, ...row }) => row) };
  }

  /**
   * /organization/importMembers: validates as the preview does, then invites the valid rows, those
   * with the same roles together (up to MAX_EMAILS_PER_INVITE per call of InviteMembersService).
   * A row whose address is a member or has a pending invitation is reported, not invited again,
   * so a partly failed import can be run again as it is.
   */
  async import(operator: Operator, organizationId: string, file: Buffer, audit: AuditContext): Promise<MemberImportResponse> {
    const { encoding, rows } = await this.validate(operator, organizationId, file);
    const groups = new Map<string, ImportRow[]>();
    for (const row of rows) {
      if (row.membership === null) continue;
      const key = JSON.stringify(row.membership);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += MAX_EMAILS_PER_INVITE) {
        await this.invite(operator, organizationId, group.slice(start, start + MAX_EMAILS_PER_INVITE), audit);
      }
    }
    return { encoding, rows: rows.map(({ membership: _membership, ...row }) => row) };
  }

  /** Invites the rows (of one membership) in one call; each row gets its address's outcome, or the call's refusal. */
  private async invite(operator: Operator, organizationId: string, rows: ImportRow[], audit: AuditContext): Promise<void> {
    const membership = rows[0]?.membership;
    if (!membership) return;
    try {
      const entries = await this.inviting.inviteMembers(
        operator,
        { organizationId, emails: rows.map((r) => normalizeEmail(r.email)), props: { roleId: membership.roleId, projects: membership.projects } },
        audit,
      );
      const byEmail = new Map(entries.map((e) => [normalizeEmail(e.email), e]));
      for (const row of rows) {
        const entry = byEmail.get(normalizeEmail(row.email));
        row.errorCode = entry ? entry.errorCode : 'FAILED_TO_INVITE';
        row.invitationId = entry?.invitation?.id ?? null;
      }
    } catch (error) {
      this.logger.warn({ err: error, organizationId }, 'Invitation of imported rows failed');
      for (const row of rows) row.errorCode = error instanceof DomainError ? error.errorCode : 'FAILED_TO_INVITE';
    }
  }

  /**
   * The rows of the file with their results: the caller must be allowed to invite into the
   * organization with any role (an organization admin); the file must be readable CSV with a valid
   * header and 1 to MEMBER_CSV_MAX_ROWS data rows, else the call fails as a whole.
   */
  private async validate(operator: Operator, organizationId: string, file: Buffer): Promise<{ encoding: MemberImportResponse['encoding']; rows: ImportRow[] }> {
    await this.access.organization(operator, organizationId, Actions.OrganizationInvite);
    const { text, encoding } = decodeCsv(file);
    const catalogue = await this.exporting.catalogue(organizationId);
    const rows = await this.readRows(operator, catalogue, csvRecords(text));
    await this.markExisting(organizationId, rows);
    return { encoding, rows };
  }

  /** The data rows of the records (the first is the header), checked one by one as they are parsed. */
  private async readRows(operator: Operator, catalogue: MemberCsvCatalogue, records: AsyncGenerator<CsvRecord>): Promise<ImportRow[]> {
    let columns: ColumnIndex | undefined;
    const rows: ImportRow[] = [];
    const seen = new Set<string>();
    for await (const record of records) {
      if (columns === undefined) {
        columns = columnsOf(record.cells);
        continue;
      }
      if (record.cells.every((cell) => cell === '')) continue;
      if (rows.length === MEMBER_CSV_MAX_ROWS) throw new DomainError('CSV_TOO_MANY_ROWS');
      const cell = (column: MemberCsvColumn): string => {
        const at = columns?.[column];
        return at === undefined ? '' : (record.cells[at] ?? '');
      };
      const row: ImportRow = {
        line: record.line,
        email: cell('email'),
        organizationRole: cell('organizationRole'),
        projectRoles: cell('projectRoles'),
        errorCode: null,
        invitationId: null,
        membership: null,
      };
      rows.push(row);
      if (!isValidEmail(row.email)) {
        row.errorCode = 'INVALID_EMAIL';
        continue;
      }
      const email = normalizeEmail(row.email);
      if (seen.has(email)) {
        row.errorCode = 'DUPLICATE_IN_FILE';
        continue;
      }
      seen.add(email);
      // Nobody chooses their own roles (docs/product-rules.md#permissions).
      if (emailsEqual(email, operator.email)) {
        row.errorCode = 'CANNOT_CHANGE_OWN_ROLE';
        continue;
      }
      const role = catalogue.organizationRole(row.organizationRole);
      const projects = projectsOf(catalogue, row.projectRoles);
      if (!role) row.errorCode = 'ROLE_NOT_FOUND';
      else if (typeof projects === 'string') row.errorCode = projects;
      else row.membership = { roleId: role.id, projects };
    }
    if (rows.length === 0) throw new DomainError('CSV_EMPTY');
    return rows;
  }

  /** Marks the valid rows whose address is a member already, or has a pending invitation: they are not invited again. */
  private async markExisting(organizationId: string, rows: ImportRow[]): Promise<void> {
    const valid = rows.filter((r) => r.membership !== null);
    const emails = valid.map((r) => normalizeEmail(r.email));
    const members = await this.memberships.memberEmails(organizationId, emails);
    const now = new Date();
    const invited = new Set((await this.invitations.openFor(organizationId, emails)).filter((i) => invitationStatus(i, now) === 'pending').map((i) => i.email));
    for (const row of valid) {
      const email = normalizeEmail(row.email);
      const errorCode: ErrorCode | null = members.has(email) ? 'ALREADY_ORGANIZATION_MEMBER' : invited.has(email) ? 'ALREADY_INVITED' : null;
      if (errorCode !== null) {
        row.errorCode = errorCode;
        row.membership = null;
      }
    }
  }
}
