import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { InvitationEntity } from './invitation.entity';

/** The only place that reads and writes invitations. */
@Injectable()
export class InvitationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private invitations(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(InvitationEntity);
  }

  async insert(invitation: InvitationEntity, manager?: EntityManager): Promise<void> {
    await this.invitations(manager).insert(invitation);
  }

  findById(id: string, manager?: EntityManager): Promise<InvitationEntity | null> {
    return this.invitations(manager).findOneBy({ id });
  }

  /** Reads the invitation and locks its row until the transaction of `manager` ends (SELECT … FOR UPDATE). */
  findByIdForUpdate(id: string, manager: EntityManager): Promise<InvitationEntity | null> {
    return this.invitations(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Invitations of the organization neither accepted nor cancelled (pending or expired), newest first. */
  listOpenInOrganization(organizationId: string, manager?: EntityManager): Promise<InvitationEntity[]> {
    return this.invitations(manager).find({
      where: { organizationId, acceptedAt: IsNull(), cancelledAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /**
   * Invitations neither accepted nor cancelled (pending or expired) whose membership projects
   * include the project (jsonb containment, served by the GIN index on projects), newest first.
   */
  listPendingForProject(projectId: string, manager?: EntityManager): Promise<InvitationEntity[]> {
    return this.invitations(manager)
      .createQueryBuilder('invitation')
      .where('invitation.projects @> CAST(:filter AS jsonb)', { filter: JSON.stringify([{ projectId }]) })
      .andWhere('invitation.accepted_at IS NULL AND invitation.cancelled_at IS NULL')
      .orderBy('invitation.created_at', 'DESC')
      .addOrderBy('invitation.id', 'ASC')
      .getMany();
  }

  /** Marks the invitation accepted unless it was accepted or cancelled meanwhile; false then. */
  async markAccepted(id: string, accountId: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.invitations(manager)
      .createQueryBuilder()
      .update()
      .set({ acceptedAt: () => 'now()', acceptedById: accountId })
      .where('id = :id AND accepted_at IS NULL AND cancelled_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels the invitation unless it was accepted or cancelled already; false then. */
  async markCancelled(id: string, accountId: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.invitations(manager)
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where('id = :id AND accepted_at IS NULL AND cancelled_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels the open invitations of `email` to the organization (a new invitation replaces them). */
  async cancelOpenFor(organizationId: string, email: string, accountId: string, manager?: EntityManager): Promise<number> {
    const result = await this.invitations(manager)
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where('organization_id = :organizationId AND email = :email AND accepted_at IS NULL AND cancelled_at IS NULL', { organizationId, email })
      .execute();
    return result.affected ?? 0;
  }
}
