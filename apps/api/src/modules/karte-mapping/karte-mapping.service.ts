import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertValidId, DomainError } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { ProjectRepository } from '../project/project.repository';
import {
  toOrganizationKarteMappingResponse,
  toProjectKarteMappingResponse,
  type OrganizationKarteMappingResponse,
  type ProjectKarteMappingResponse,
} from './karte-mapping.dto';
import { KarteMappingRepository } from './karte-mapping.repository';

/** KARTE mappings of organizations and projects (system administrators only). */
@Injectable()
export class KarteMappingService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly mappings: KarteMappingRepository,
    private readonly organizations: OrganizationRepository,
    private readonly projects: ProjectRepository,
    private readonly audit: AuditService,
  ) {}

  async getOfProject(operator: Operator, projectId: string): Promise<ProjectKarteMappingResponse | null> {
    this.access.assert(operator, Actions.KarteMappingRead);
    const mapping = await this.mappings.findOfProject(projectId);
    return mapping ? toProjectKarteMappingResponse(mapping) : null;
  }

  async upsertOfProject(operator: Operator, projectId: string, karteProjectId: string, audit: AuditContext): Promise<ProjectKarteMappingResponse> {
    this.access.assert(operator, Actions.KarteMappingWrite);
    assertValidId('karteProject', karteProjectId);
    return this.transactions.withTransaction(async () => {
      const project = await this.projects.findById(projectId);
      if (!project) throw new DomainError('NOT_FOUND');
      const before = await this.mappings.findOfProject(projectId);
      await this.mappings.upsertOfProject(projectId, karteProjectId, operator.id);
      await this.audit.record(audit, {
        action: 'karteMapping.upsertProject',
        targetType: 'karteMapping',
        targetId: projectId,
        organizationId: project.organizationId,
        projectId,
        changes: changedFields(before, { karteProjectId }),
      });
      const mapping = await this.mappings.findOfProject(projectId);
      if (!mapping) throw new DomainError('NOT_FOUND');
      return toProjectKarteMappingResponse(mapping);
    });
  }

  async getOfOrganization(operator: Operator, organizationId: string): Promise<OrganizationKarteMappingResponse | null> {
    this.access.assert(operator, Actions.KarteMappingRead);
    const mapping = await this.mappings.findOfOrganization(organizationId);
    return mapping ? toOrganizationKarteMappingResponse(mapping) : null;
  }

  async upsertOfOrganization(
    operator: Operator,
    organizationId: string,
    karteOrganizationId: string,
    audit: AuditContext,
  ): Promise<OrganizationKarteMappingResponse> {
    this.access.assert(operator, Actions.KarteMappingWrite);
    assertValidId('karteOrganization', karteOrganizationId);
    return this.transactions.withTransaction(async () => {
      if (!(await this.organizations.findById(organizationId))) throw new DomainError('NOT_FOUND');
      const before = await this.mappings.findOfOrganization(organizationId);
      await this.mappings.upsertOfOrganization(organizationId, karteOrganizationId, operator.id);
      await this.audit.record(audit, {
        action: 'karteMapping.upsertOrganization',
        targetType: 'karteMapping',
        targetId: organizationId,
        organizationId,
        changes: changedFields(before, { karteOrganizationId }),
      });
      const mapping = await this.mappings.findOfOrganization(organizationId);
      if (!mapping) throw new DomainError('NOT_FOUND');
      return toOrganizationKarteMappingResponse(mapping);
    });
  }
}
