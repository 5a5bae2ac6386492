import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed, assertValidId, DomainError } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
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
    private readonly mappings: KarteMappingRepository,
    private readonly organizations: OrganizationRepository,
    private readonly projects: ProjectRepository,
  ) {}

  async getOfProject(operator: Operator, projectId: string): Promise<ProjectKarteMappingResponse | null> {
    assertAllowed(Actions.KarteMappingRead, { operator });
    const mapping = await this.mappings.findOfProject(projectId);
    return mapping ? toProjectKarteMappingResponse(mapping) : null;
  }

  async upsertOfProject(operator: Operator, projectId: string, karteProjectId: string): Promise<ProjectKarteMappingResponse> {
    assertAllowed(Actions.KarteMappingWrite, { operator });
    assertValidId('karteProject', karteProjectId);
    if (!(await this.projects.findById(projectId))) throw new DomainError('NOT_FOUND');
    await this.mappings.upsertOfProject(projectId, karteProjectId, operator.id);
    const mapping = await this.mappings.findOfProject(projectId);
    if (!mapping) throw new DomainError('NOT_FOUND');
    return toProjectKarteMappingResponse(mapping);
  }

  async getOfOrganization(operator: Operator, organizationId: string): Promise<OrganizationKarteMappingResponse | null> {
    assertAllowed(Actions.KarteMappingRead, { operator });
    const mapping = await this.mappings.findOfOrganization(organizationId);
    return mapping ? toOrganizationKarteMappingResponse(mapping) : null;
  }

  async upsertOfOrganization(operator: Operator, organizationId: string, karteOrganizationId: string): Promise<OrganizationKarteMappingResponse> {
    assertAllowed(Actions.KarteMappingWrite, { operator });
    assertValidId('karteOrganization', karteOrganizationId);
    if (!(await this.organizations.findById(organizationId))) throw new DomainError('NOT_FOUND');
    await this.mappings.upsertOfOrganization(organizationId, karteOrganizationId, operator.id);
    const mapping = await this.mappings.findOfOrganization(organizationId);
    if (!mapping) throw new DomainError('NOT_FOUND');
    return toOrganizationKarteMappingResponse(mapping);
  }
}
