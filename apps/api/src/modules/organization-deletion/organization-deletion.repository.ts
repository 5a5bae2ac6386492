import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, Not } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { readRows } from '../../database/typed-sql';
import { InvitationEntity } from '../invitation/invitation.entity';
import { OrganizationKarteMappingEntity } from '../karte-mapping/organization-karte-mapping.entity';
import { ProjectKarteMappingEntity } from '../karte-mapping/project-karte-mapping.entity';
import { OrganizationMembershipEntity } from '../membership/organization-membership.entity';
import { ProjectMembershipEntity } from '../membership/project-membership.entity';
import { OrganizationEntity } from '../organization/organization.entity';
import { OrganizationDomainEntity } from '../organization-domain/organization-domain.entity';
import { ProjectEntity } from '../project/project.entity';
import { RoleEntity } from '../role/role.entity';
import {
  claimDueForPurge,
  decodeClaimedOrganization,
  decodeDeletedOrganizationRow,
  deletedOrganizationPage,
  type DeletedOrganizationRow,
} from './organization-deletion.sql';

/**
 * The deleted organizations and the statements of their purge (docs/operations.md#organization-purge),
 * in the transaction in progress. Each purge step deletes what is left of one kind of data, so that
 * a step repeated after a crash deletes nothing twice and fails on nothing already gone.
 */
@Injectable()
export class OrganizationDeletionRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** One page of the deleted organizations, the latest deleted first, with who deleted them. */
  deletedPage(window: ListWindow): Promise<DeletedOrganizationRow[]> {
    return readRows(this.txHost.tx, deletedOrganizationPage(window), decodeDeletedOrganizationRow);
  }

  /** Claims organizations due for their purge (see {@link claimDueForPurge}); their ids. */
  async claimDueForPurge(deletedBefore: Date, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    return (await readRows(this.txHost.tx, claimDueForPurge(deletedBefore, now, leaseUntil, limit), decodeClaimedOrganization)).map((row) => row.id);
  }

  /** The deleted organization being purged, or null once it is gone (or restored meanwhile). */
  findDeleted(id: string): Promise<OrganizationEntity | null> {
    return this.txHost.tx.getRepository(OrganizationEntity).findOneBy({ id, deletedAt: Not(IsNull()) });
  }

  async deleteInvitations(organizationId: string): Promise<void> {
    await this.txHost.tx.getRepository(InvitationEntity).delete({ organizationId });
  }

  async deleteMemberships(organizationId: string): Promise<void> {
    await this.txHost.tx.getRepository(ProjectMembershipEntity).delete({ organizationId });
    await this.txHost.tx.getRepository(OrganizationMembershipEntity).delete({ organizationId });
  }

  async deleteKarteMappings(organizationId: string): Promise<void> {
    const projects = await this.txHost.tx.getRepository(ProjectEntity).find({ select: { id: true }, where: { organizationId } });
    if (projects.length > 0) await this.txHost.tx.getRepository(ProjectKarteMappingEntity).delete({ rtProjectId: In(projects.map((p) => p.id)) });
    await this.txHost.tx.getRepository(OrganizationKarteMappingEntity).delete({ rtOrganizationId: organizationId });
  }

  /** The projects with their plan settings (product_settings) and their roles (by cascade). */
  async deleteProjects(organizationId: string): Promise<void> {
    await this.txHost.tx.getRepository(ProjectEntity).delete({ organizationId });
  }

  /** The organization's domains and roles. */
  async deleteDomainsAndRoles(organizationId: string): Promise<void> {
    await this.txHost.tx.getRepository(OrganizationDomainEntity).delete({ organizationId });
    await this.txHost.tx.getRepository(RoleEntity).delete({ organizationId });
  }

  /** The organization's row itself, the last step; whether it was still there. */
  async deleteOrganization(id: string): Promise<boolean> {
    const result = await this.txHost.tx.getRepository(OrganizationEntity).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
