import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import { execute, readRows } from '../../database/typed-sql';
import { EmailOutboxEntity } from './email-outbox.entity';
import * as sql from './email-outbox.sql';
import type { ClaimedMessage } from './email-outbox.sql';

export type { ClaimedMessage } from './email-outbox.sql';

export interface NewOutboxMessage {
  id: string;
  kind: string;
  referenceId: string | null;
  toEmail: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

/** The e-mails not yet delivered (pending or being sent) and how long the oldest has waited since it was queued. */
export interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

/** The only place that reads and writes the e-mail outbox. */
@Injectable()
export class EmailOutboxRepository {
  constructor(
    /** The pool itself, for the statements that never belong to a caller's transaction (the delivery worker's, the listings'). */
    private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  /** The outbox in the transaction in progress, if any. */
  private outbox() {
    return this.txHost.tx.getRepository(EmailOutboxEntity);
  }

  /** Queues a message, in the transaction in progress — there must be one: the message exists exactly when the transaction that causes it commits. */
  async insert(message: NewOutboxMessage): Promise<void> {
    await this.txHost.withTransaction(Propagation.Mandatory, async () => {
      await this.outbox().insert({ ...message, status: 'pending', attempts: 0 });
    });
  }

  findById(id: string): Promise<EmailOutboxEntity | null> {
    return this.outbox().findOneBy({ id });
  }

  findByReference(kind: string, referenceId: string): Promise<EmailOutboxEntity[]> {
    return this.outbox().find({ where: { kind, referenceId }, order: { createdAt: 'ASC' } });
  }

  /**
   * Claims up to `limit` due messages for `workerId` in one short statement: rows locked by
   * another claim are skipped (FOR UPDATE SKIP LOCKED), and a claimed row is leased until
   * now + leaseMs; a row whose lease ran out (its worker died) is due again.
   */
  async claimDue(workerId: string, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    return readRows(this.dataSource, sql.claimDue(workerId, limit, leaseMs), sql.decodeClaimed);
  }

  /** Marks a claimed message sent; false when the claim was lost (lease ran out and another worker took it). */
  async markSent(id: string, workerId: string): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ status: 'sent', sentAt: () => 'now()', lockedBy: null, lockedUntil: null, lastError: null })
      .where({ id, lockedBy: workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Puts a claimed message back for a retry after `delayMs`. */
  async markRetry(id: string, workerId: string, error: string, delayMs: number): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({
        status: 'pending',
        lockedBy: null,
        lockedUntil: null,
        lastError: error,
        nextAttemptAt: () => `now() + (${Math.max(0, Math.round(delayMs))} * interval '1 millisecond')`,
      })
      .where({ id, lockedBy: workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Extends the claim of a message just before it is sent, so that the send (which times out well
   * within the lease) cannot be taken over by another worker; false when the claim was lost.
   */
  async renewLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const lease = () => `now() + (${Math.max(0, Math.round(leaseMs))} * interval '1 millisecond')`;
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ lockedUntil: lease, nextAttemptAt: lease })
      .where({ id, lockedBy: workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Hands claimed messages that were not attempted back (due now, the attempt not counted). */
  async release(ids: readonly string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await execute(this.dataSource, sql.release(ids, workerId));
  }

  /**
   * Whether an invitation e-mail is still wanted: its invitation is neither accepted, cancelled
   * nor expired (and still exists).
   */
  async invitationPending(invitationId: string): Promise<boolean> {
    return (await readRows(this.dataSource, sql.pendingInvitation(invitationId), sql.decodeInvitationId)).length > 0;
  }

  /** Gives a claimed message up after its last attempt. */
  async markFailed(id: string, workerId: string, error: string): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: error })
      .where({ id, lockedBy: workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Of the given references, those whose latest message of `kind` failed. */
  async failedReferences(kind: string, referenceIds: readonly string[]): Promise<Set<string>> {
    if (referenceIds.length === 0) return new Set();
    const rows = await readRows(this.dataSource, sql.latestStatuses(kind, referenceIds), sql.decodeLatestStatus);
    return new Set(rows.flatMap((r) => (r.status === 'failed' && r.referenceId !== null ? [r.referenceId] : [])));
  }

  /** The messages waiting for delivery now (the oldest age is 0 when there are none). */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await readRows(this.dataSource, sql.BACKLOG, sql.decodeBacklog);
    return { pending: row?.pending ?? 0, oldestAgeSeconds: row?.oldest_age_seconds ?? 0 };
  }

  /** Failed messages, most recent first. */
  listFailed(limit: number): Promise<EmailOutboxEntity[]> {
    return this.outbox().find({ where: { status: 'failed' }, order: { createdAt: 'DESC' }, take: limit });
  }

  /**
   * Queues the given messages again, due now with a fresh count of attempts; a message being sent
   * right now is left to its worker. Returns the messages queued again, each with its status before.
   */
  async requeue(ids: readonly string[]): Promise<{ id: string; previousStatus: string }[]> {
    if (ids.length === 0) return [];
    return readRows(this.txHost.tx, sql.requeue(ids), sql.decodeRequeued);
  }

  /** Queues the latest message of `kind` about the reference again (see {@link requeue}); its id, or null when there is none. */
  async requeueLatestFor(kind: string, referenceId: string): Promise<string | null> {
    const [latest] = await this.outbox().find({ where: { kind, referenceId }, order: { createdAt: 'DESC' }, take: 1 });
    if (!latest) return null;
    await this.requeue([latest.id]);
    return latest.id;
  }
}
