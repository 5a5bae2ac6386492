import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource, IsNull, type UpdateQueryBuilder } from 'typeorm';
import { readRows } from '../../database/typed-sql';
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
    /** The pool itself, for the statements that never belong to a caller's transaction (the delivery's, the listings'). */
    private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  /** The outbox in the transaction in progress, if any. */
  private outbox() {
    return this.txHost.tx.getRepository(EmailOutboxEntity);
  }

  /** Queues a message with the job that delivers it, in the transaction in progress — there must be one: the message exists exactly when the transaction that causes it commits. */
  async insert(message: NewOutboxMessage, jobId: string): Promise<void> {
    await this.txHost.withTransaction(Propagation.Mandatory, async () => {
      await this.outbox().insert({ ...message, jobId, status: 'pending', attempts: 0 });
    });
  }

  findById(id: string): Promise<EmailOutboxEntity | null> {
    return this.outbox().findOneBy({ id });
  }

  findByReference(kind: string, referenceId: string): Promise<EmailOutboxEntity[]> {
    return this.outbox().find({ where: { kind, referenceId }, order: { createdAt: 'ASC' } });
  }

  /** Starts an attempt of job `jobId` at the message (counted, marked being sent); null when the message is sent, failed or another job's. */
  async startAttempt(id: string, jobId: string): Promise<ClaimedMessage | null> {
    const [message] = await readRows(this.dataSource, sql.startAttempt(id, jobId), sql.decodeClaimed);
    return message ?? null;
  }

  /** Records the outcome of job `jobId`'s attempt at the message; false when the message is no longer that job's (queued again meanwhile). */
  private async record(id: string, jobId: string, change: Parameters<UpdateQueryBuilder<EmailOutboxEntity>['set']>[0]): Promise<boolean> {
    const result = await this.outbox().createQueryBuilder().update().set(change).where({ id, jobId, status: 'sending' }).execute();
    return (result.affected ?? 0) > 0;
  }

  markSent(id: string, jobId: string): Promise<boolean> {
    return this.record(id, jobId, { status: 'sent', sentAt: () => 'now()', lastError: null });
  }

  /** Puts the message back to wait for a retry by job `nextJobId` (the same job, or the one that continues it). */
  markRetry(id: string, jobId: string, error: string, nextJobId: string = jobId): Promise<boolean> {
    return this.record(id, jobId, { status: 'pending', lastError: error, jobId: nextJobId });
  }

  /** Gives the message up after its last attempt. */
  markFailed(id: string, jobId: string, error: string): Promise<boolean> {
    return this.record(id, jobId, { status: 'failed', lastError: error });
  }

  /** Up to `limit` messages waiting without a job, locked for the transaction in progress (SKIP LOCKED: one instance hands each to the queue). */
  async waitingWithoutJob(limit: number): Promise<string[]> {
    return (await readRows(this.txHost.tx, sql.waitingWithoutJob(limit), sql.decodeWaiting)).map((row) => row.id);
  }

  /** Names the job that delivers a message waiting without one. */
  async assignJob(id: string, jobId: string): Promise<void> {
    await this.outbox().update({ id, jobId: IsNull() }, { jobId });
  }

  /**
   * Whether an invitation e-mail is still wanted: its invitation is neither accepted, cancelled
   * nor expired (and still exists), and its organization is not deleted.
   */
  async invitationPending(invitationId: string): Promise<boolean> {
    return (await readRows(this.dataSource, sql.pendingInvitation(invitationId), sql.decodeInvitationId)).length > 0;
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
   * Queues the given messages again with a fresh count of attempts and no job yet (the caller adds
   * them, see MailService.handToQueue); a message being sent right now is left to its worker.
   * Returns the messages queued again, each with its status before.
   */
  async requeue(ids: readonly string[]): Promise<{ id: string; previousStatus: string }[]> {
    if (ids.length === 0) return [];
    return readRows(this.txHost.tx, sql.requeue(ids), sql.decodeRequeued);
  }

  /** The latest message of `kind` about the reference; its id, or null when there is none. */
  async latestFor(kind: string, referenceId: string): Promise<string | null> {
    const [latest] = await this.outbox().find({ where: { kind, referenceId }, order: { createdAt: 'DESC' }, take: 1 });
    return latest?.id ?? null;
  }
}
