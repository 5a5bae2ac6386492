import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed, assertValidId, DomainError } from '@console/domain';
import { DataSource } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
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
    private readonly dataSource: DataSource,
    private readonly mappings: KarteMappingRepository,
    private readonly organizations: OrganizationRepository,
    private readonly projects: ProjectRepository,
    private readonly audit: AuditService,
  ) {}

  async getOfProject(operator: Operator, projectId: string): Promise<ProjectKarteMappingResponse | null> {
    assertAllowed(Actions.KarteMappingRead, { operator });
    const mapping = await this.mappings.findOfProject(projectId);
    return mapping ? toProjectKarteMappingResponse(mapping) : null;
  }

  async upsertOfProject(operator: Operator, projectId: string, karteProjectId: string, audit: AuditContext): Promise<ProjectKarteMappingResponse> {
    assertAllowed(Actions.KarteMappingWrite, { operator });
    assertValidId('karteProject', karteProjectId);
    return this.dataSource.transaction(async (m) => {
      const project = await this.projects.findById(projectId, m);
      if (!project) throw new DomainError('NOT_FOUND');
      const before = await this.mappings.findOfProject(projectId, m);
      await this.mappings.upsertOfProject(projectId, karteProjectId, operator.id, m);
      await this.audit.record(m, audit, {
        action: 'karteMapping.upsertProject',
        targetType: 'karteMapping',
        targetId: projectId,
        organizationId: project.organizationId,
        projectId,
        changes: changedFields(before, { karteProjectId }),
      });
      const mapping = await this.mappings.findOfProject(projectId, m);
      if (!mapping) throw new DomainError('NOT_FOUND');
      return toProjectKarteMappingResponse(mapping);
    });
  }

  async getOfOrganization(operator: Operator, organizationId: string): Promise<OrganizationKarteMappingResponse | null> {
    assertAllowed(Actions.KarteMappingRead, { operator });
    const mapping = await this.mappings.findOfOrganization(organizationId);
    return mapping ? toOrganizationKarteMappingResponse(mapping) : null;
  }

  async upsertOfOrganization(operator: Operator, organizationId: string, karteOrganizationId: string, audit: AuditContext): Promise<OrganizationKarteMappingResponse> {
    assertAllowed(Actions.KarteMappingWrite, { operator });
    assertValidId('karteOrganization', karteOrganizationId);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.organizations.findById(organizationId, m))) throw new DomainError('NOT_FOUND');
      const before = await this.mappings.findOfOrganization(organizationId, m);
      await this.mappings.upsertOfOrganization(organizationId, karteOrganizationId, operator.id, m);
      await this.audit.record(m, audit, {
        action: 'karteMapping.upsertOrganization',
        targetType: 'karteMapping',
        targetId: organizationId,
        organizationId,
        changes: changedFields(before, { karteOrganizationId }),
      });
      const mapping = await this.mappings.findOfOrganization(organizationId, m);
      if (!mapping) throw new DomainError('NOT_FOUND');
      return toOrganizationKarteMappingResponse(mapping);
    });
  }
}
