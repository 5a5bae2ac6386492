import { Injectable } from '@nestjs/common';
import { Actions, LIST_PAGE_SIZE } from '@console/domain';
import type { Readable } from 'node:stream';
import type { Operator } from '../../common/auth/operator';
import { pageOf, type Page } from '../../common/http/paging';
import { AccessService } from '../membership/access.service';
import { copiedCsvStream } from '../../common/http/csv';
import { AUDIT_CSV_COLUMNS } from './audit-csv';
import {
  type AuditEventFilterRequest,
  type AuditEventResponse,
  type AuditPageRequest,
  type ExportAllAuditEventsRequest,
  type ExportOrganizationAuditEventsRequest,
  type ListAllAuditEventsRequest,
  type ListOrganizationAuditEventsRequest,
} from './audit.dto';
import { AuditEventRepository } from './audit-event.repository';
import { AUDIT_KEYSET, auditKeyOf, type AuditEventFilter, type AuditEventRow } from './audit-event.sql';

/** An event as the API answers it; a deleted actor keeps its id, shown as a deleted account. */
export function toAuditEventResponse(row: AuditEventRow): AuditEventResponse {
  return {
    id: row.id,
    occurredAt: row.occurredAt,
    actor:
      row.actorAccountId === null
        ? null
        : {
            accountId: row.actorAccountId,
            name: row.actorName,
            email: row.actorEmail ?? '',
            isSystemAdmin: row.actorIsSystemAdmin,
            deleted: row.actorDeletedAt !== null,
          },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    organizationId: row.organizationId,
    projectId: row.projectId,
    changes: row.changes,
    requestId: row.requestId,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

function filterOf(request: AuditEventFilterRequest, organizationId: string | undefined): AuditEventFilter {
  const { actorAccountId, action, targetType, targetId, projectId, from, to } = request;
  return { organizationId, actorAccountId, action, targetType, targetId, projectId, from, to };
}

/** Reading the audit log: an organization's events (its admins, system admins) and everyone's (system admins). */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly events: AuditEventRepository,
    private readonly access: AccessService,
  ) {}

  private async page(filter: AuditEventFilter, page: AuditPageRequest): Promise<Page<AuditEventResponse>> {
    const limit = page.limit ?? LIST_PAGE_SIZE;
    const after = page.cursor === undefined ? null : AUDIT_KEYSET.decode(page.cursor);
    // One more than asked tells whether another page follows.
    return pageOf(await this.events.page(filter, after, limit + 1), limit, auditKeyOf, toAuditEventResponse);
  }

  private export(filter: AuditEventFilter): Readable {
    return copiedCsvStream(AUDIT_CSV_COLUMNS, this.events.csvRecords(filter));
  }

  /** Outsiders are refused like on any call about a foreign organization (alike whether or not it exists). */
  private async authorizeOrganization(operator: Operator, organizationId: string): Promise<void> {
    await this.access.organization(operator, organizationId, Actions.OrganizationViewAuditLog);
  }

  async listOfOrganization(operator: Operator, request: ListOrganizationAuditEventsRequest): Promise<Page<AuditEventResponse>> {
    await this.authorizeOrganization(operator, request.organizationId);
    return this.page(filterOf(request, request.organizationId), request);
  }

  /** Every event of the organization as the export writes it, without asking whether the caller may read them (the caller does). */
  organizationCsv(organizationId: string): Readable {
    return this.export({ organizationId });
  }

  async exportOfOrganization(operator: Operator, request: ExportOrganizationAuditEventsRequest): Promise<Readable> {
    await this.authorizeOrganization(operator, request.organizationId);
    return this.export(filterOf(request, request.organizationId));
  }

  listAll(operator: Operator, request: ListAllAuditEventsRequest): Promise<Page<AuditEventResponse>> {
    this.access.assert(operator, Actions.AuditLogViewAll);
    return this.page(filterOf(request, request.organizationId), request);
  }

  exportAll(operator: Operator, request: ExportAllAuditEventsRequest): Readable {
    this.access.assert(operator, Actions.AuditLogViewAll);
    return this.export(filterOf(request, request.organizationId));
  }
}
