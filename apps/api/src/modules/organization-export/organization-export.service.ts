import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Actions, DEFAULT_LOCALE, DomainError, invitationExpiresAt, invitationStatus, planOf, PRODUCTS, type Locale } from '@console/domain';
import type { Readable } from 'node:stream';
import type { Operator } from '../../common/auth/operator';
import { keysetCsvStream } from '../../common/http/csv';
import { zipStream } from '../../common/http/zip';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditEventRepository } from '../audit/audit-event.repository';
import { AuditLogService } from '../audit/audit-log.service';
import { AuditService } from '../audit/audit.service';
import { invitationKeyOf, InvitationRepository } from '../invitation/invitation.repository';
import type { InvitationRow } from '../invitation/invitation.sql';
import type { MemberCsvCatalogue } from '../member-csv/member-csv-catalogue';
import { MemberExportService } from '../member-csv/member-export.service';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { OrganizationDomainRepository } from '../organization-domain/organization-domain.repository';
import { OrganizationRepository } from '../organization/organization.repository';
import { ProjectRepository } from '../project/project.repository';
import { projectKeyOf, type ProjectRow } from '../project/project.sql';
import { RoleRepository } from '../role/role.repository';
import type { ExportOrganizationRequest } from './organization-export.dto';

/** Rows per keyset query of the projects and invitations files (the members and audit files are read with COPY). */
const EXPORT_PAGE_SIZE = 1000;

/** The files of the archive, in the order they are written. */
export const ORGANIZATION_EXPORT_FILES = {
  organization: 'organization.json',
  members: 'members.csv',
  projects: 'projects.csv',
  invitations: 'invitations.csv',
  auditLog: 'audit-log.csv',
} as const;

const PROJECT_COLUMNS = ['id', 'name', 'roles', ...PRODUCTS.map((p) => `plan:${p.key}`), 'createdAt', 'createdById', 'updatedAt', 'updatedById'];

const INVITATION_COLUMNS = [
  'id',
  'email',
  'organizationRole',
  'projectRoles',
  'status',
  'createdAt',
  'createdById',
  'expiresAt',
  'acceptedAt',
  'acceptedById',
  'cancelledAt',
  'cancelledById',
] as const;

/** The ZIP archive of an organization, its file name and the number of rows its CSV files hold. */
export interface OrganizationExport {
  fileName: string;
  rows: number;
  zip: Readable;
}

function projectCells(row: ProjectRow): string[] {
  return [
    row.id,
    row.name,
    row.roles.map((r) => r.name).join('; '),
    ...PRODUCTS.map((p) => planOf(row.productSettings, p.key)),
    row.createdAt.toISOString(),
    row.createdById,
    row.updatedAt.toISOString(),
    row.updatedById,
  ];
}

function invitationCells(catalogue: MemberCsvCatalogue, now: Date): (row: InvitationRow) => (string | null)[] {
  return (row) => [
    row.id,
    row.email,
    catalogue.organizationRoleName(row.roleId),
    catalogue.projectRolesCell(row.projects),
    invitationStatus(row, now),
    row.createdAt.toISOString(),
    row.createdById,
    invitationExpiresAt(row).toISOString(),
    row.acceptedAt?.toISOString() ?? null,
    row.acceptedById,
    row.cancelledAt?.toISOString() ?? null,
    row.cancelledById,
  ];
}

/** YYYYMMDD of the instant in JST, for the archive's name. */
function compactDate(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date).replaceAll('-', '');
}

/** All of an organization's data as one streamed ZIP archive (docs/product-rules.md#organization-export). */
@Injectable()
export class OrganizationExportService {
  constructor(
    private readonly transactions: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly domains: OrganizationDomainRepository,
    private readonly roles: RoleRepository,
    private readonly memberships: MembershipRepository,
    private readonly projects: ProjectRepository,
    private readonly invitations: InvitationRepository,
    private readonly auditEvents: AuditEventRepository,
    private readonly audit: AuditService,
    private readonly members: MemberExportService,
    private readonly auditLog: AuditLogService,
  ) {}

  /**
   * /organization/export: records the export (its event is the newest of audit-log.csv), counts the
   * rows, writes organization.json with the counts and answers the archive whose CSV files are
   * read a keyset page at a time as the client downloads them. Organization admins and system
   * administrators.
   */
  async export(operator: Operator, request: ExportOrganizationRequest, context: AuditContext): Promise<OrganizationExport> {
    const { organizationId } = request;
    await this.access.organization(operator, organizationId, Actions.OrganizationExport);
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw new DomainError('NOT_FOUND');
    await this.transactions.withTransaction(() =>
      this.audit.record(context, { action: 'organization.export', targetType: 'organization', targetId: organizationId, organizationId }),
    );
    const locale: Locale = request.locale ?? (await this.accounts.findById(operator.id))?.locale ?? DEFAULT_LOCALE;
    const [members, projectCount, invitationCount, auditEventCount, organizationRoles, domains, projects] = await Promise.all([
      this.memberships.countOrganizationMembers(organizationId),
      this.projects.countInOrganization(organizationId),
      this.invitations.countInOrganization(organizationId),
      this.auditEvents.countOfOrganization(organizationId),
      this.roles.findOrganizationRoles([organizationId]),
      this.domains.listOfOrganization(organizationId),
      this.members.projectsOf(organizationId),
    ]);
    const catalogue = await this.members.catalogue(organizationId, projects);
    const exportedAt = new Date();
    const files = ORGANIZATION_EXPORT_FILES;
    const counts = { [files.members]: members, [files.projects]: projectCount, [files.invitations]: invitationCount, [files.auditLog]: auditEventCount };
    const summary = {
      manifest: {
        exportedAt: exportedAt.toISOString(),
        exportedBy: { accountId: operator.id, email: operator.email, isSystemAdmin: operator.isSystemAdmin },
        files: Object.entries(counts).map(([name, rows]) => ({ name, rows })),
      },
      organization: {
        id: organization.id,
        name: organization.name,
        profileImageSrc: organization.profileImageSrc,
        createdAt: organization.createdAt.toISOString(),
        createdById: organization.createdById,
        updatedAt: organization.updatedAt.toISOString(),
        updatedById: organization.updatedById,
      },
      roles: organizationRoles.map((r) => ({ id: r.id, key: r.key, name: r.name, isPreset: r.isPreset })),
      settings: {
        domains: domains.map((d) => ({ domain: d.displayDomain, state: d.state, verifiedAt: d.verifiedAt?.toISOString() ?? null, verifiedBy: d.verifiedBy })),
      },
      plans: PRODUCTS.map((product) => ({
        product: product.key,
        name: product.name,
        plans: product.plans.map((plan) => ({
          plan: plan.key,
          name: plan.name,
          projects: projects.filter((p) => planOf(p.productSettings, product.key) === plan.key).length,
        })),
      })),
    };
    const zip = await zipStream(
      [
        { name: files.organization, content: `${JSON.stringify(summary, null, 2)}\n` },
        { name: files.members, content: this.members.membersCsv(organizationId, locale) },
        {
          name: files.projects,
          content: keysetCsvStream({
            header: PROJECT_COLUMNS,
            nextPage: (after) => this.projects.page({ memberId: null, organizationId }, { pageSize: null, fetch: EXPORT_PAGE_SIZE, after, pattern: null }),
            pageSize: EXPORT_PAGE_SIZE,
            keyOf: projectKeyOf,
            cells: projectCells,
          }),
        },
        {
          name: files.invitations,
          content: keysetCsvStream({
            header: INVITATION_COLUMNS,
            nextPage: (after) => this.invitations.organizationPage(organizationId, { pageSize: null, fetch: EXPORT_PAGE_SIZE, after, pattern: null }),
            pageSize: EXPORT_PAGE_SIZE,
            keyOf: invitationKeyOf,
            cells: invitationCells(catalogue, exportedAt),
          }),
        },
        { name: files.auditLog, content: this.auditLog.organizationCsv(organizationId) },
      ],
      exportedAt,
    );
    return { fileName: `organization-${organizationId}-${compactDate(exportedAt)}.zip`, rows: members + projectCount + invitationCount + auditEventCount, zip };
  }
}
