import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, LessThan } from 'typeorm';
import { Keyset, keyTime, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { InvitationEntity } from './invitation.entity';

/** An invitation as its listings read it, with the time of its key. */
export interface InvitationRow extends InvitationEntity {
  key_time: string;
}

/** The order of the invitation listings: newest first, by creation time (to the microsecond) and id. */
export const INVITATION_KEYSET = new Keyset(
  [
    { sql: 'i.created_at', part: 'time' },
    { sql: 'i.id', part: 'invitation' },
  ],
  'DESC',
);

export function invitationKeyOf(row: InvitationRow): KeyValues {
  return [row.key_time, row.id];
}

/** Which open invitations a listing reads: an organization's, or those naming a project. */
export type InvitationScope = { organizationId: string } | { projectId: string };

/** The only place that reads and writes invitations (in the transaction in progress, if any). */
@Injectable()
export class InvitationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private invitations() {
    return this.txHost.tx.getRepository(InvitationEntity);
  }

  /**
   * Inserts the invitation unless the address already has an open invitation to the organization
   * (INSERT … ON CONFLICT DO NOTHING on the unique index invitations_one_open_idx); false then.
   * A concurrent insert of the same address waits for the other transaction and then does nothing.
   */
  async insertUnlessOpen(invitation: InvitationEntity): Promise<boolean> {
    const result = await this.invitations().createQueryBuilder().insert().values(invitation).orIgnore().returning('id').execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** The open (neither accepted nor cancelled) invitation of `email` to the organization, if any. */
  findOpenFor(organizationId: string, email: string): Promise<InvitationEntity | null> {
    return this.invitations().findOneBy({ organizationId, email, acceptedAt: IsNull(), cancelledAt: IsNull() });
  }

  /** Ids of the open invitations of these (lower-cased) addresses to the organization created before `createdBefore`, by address. */
  async openIdsByEmail(organizationId: string, emails: readonly string[], createdBefore: Date): Promise<Map<string, string[]>> {
    const byEmail = new Map<string, string[]>();
    if (emails.length === 0) return byEmail;
    const rows = await this.invitations().find({
      select: { id: true, email: true },
      where: { organizationId, email: In(emails), acceptedAt: IsNull(), cancelledAt: IsNull(), createdAt: LessThan(createdBefore) },
    });
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id]);
    return byEmail;
  }

  /** The open (neither accepted nor cancelled: pending or expired) invitations `accountId` sent to the organization, oldest first. */
  openSentBy(organizationId: string, accountId: string): Promise<InvitationEntity[]> {
    return this.invitations().find({ where: { organizationId, createdById: accountId, acceptedAt: IsNull(), cancelledAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findById(id: string): Promise<InvitationEntity | null> {
    return this.invitations().findOneBy({ id });
  }

  /** Reads the invitation and locks its row until the transaction in progress ends (SELECT … FOR UPDATE). */
  findByIdForUpdate(id: string): Promise<InvitationEntity | null> {
    return this.invitations().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * One page of the open (neither accepted nor cancelled: pending or expired) invitations of the
   * organization (read from invitations_open_organization_idx in its order), or of those whose
   * membership projects include the project (jsonb containment, served by the GIN index on
   * projects), newest first; the query matches the e-mail address. One statement.
   */
  openPage(scope: InvitationScope, window: ListWindow): Promise<InvitationRow[]> {
    const { text, values } = INVITATION_KEYSET.pageQuery(window, {
      select: `i.id, i.organization_id AS "organizationId", i.email, i.role_id AS "roleId", i.projects, i.can_be_super_admin AS "canBeSuperAdmin",
               i.expired_in AS "expiredIn", i.accepted_at AS "acceptedAt", i.accepted_by_id AS "acceptedById", i.cancelled_at AS "cancelledAt",
               i.cancelled_by_id AS "cancelledById", i.created_by_id AS "createdById", i.created_at AS "createdAt", ${keyTime('i.created_at')} AS key_time`,
      from: 'invitations i',
      search: ['i.email'],
      where: (sql) => [
        'organizationId' in scope ? `i.organization_id = ${sql.param(scope.organizationId)}` : `i.projects @> ${sql.param(JSON.stringify([{ projectId: scope.projectId }]))}::jsonb`,
        'i.accepted_at IS NULL AND i.cancelled_at IS NULL',
      ],
    });
    return this.txHost.tx.query<InvitationRow[]>(text, values);
  }

  /** Marks the invitation accepted unless it was accepted or cancelled meanwhile; false then. */
  async markAccepted(id: string, accountId: string): Promise<boolean> {
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ acceptedAt: () => 'now()', acceptedById: accountId })
      .where('id = :id AND accepted_at IS NULL AND cancelled_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels the invitation unless it was accepted or cancelled already; false then. */
  async markCancelled(id: string, accountId: string): Promise<boolean> {
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where('id = :id AND accepted_at IS NULL AND cancelled_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels those of the invitations that are still open (a new invitation replaces them, their sender can no longer send them); the ones cancelled, as they were. */
  async cancelOpen(ids: readonly string[], accountId: string): Promise<Pick<InvitationEntity, 'id' | 'createdAt' | 'expiredIn'>[]> {
    if (ids.length === 0) return [];
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where('id IN (:...ids) AND accepted_at IS NULL AND cancelled_at IS NULL', { ids })
      .returning('id, created_at, expired_in')
      .execute();
    return (result.raw as { id: string; created_at: Date; expired_in: number }[]).map((row) => ({ id: row.id, createdAt: row.created_at, expiredIn: row.expired_in }));
  }
}
