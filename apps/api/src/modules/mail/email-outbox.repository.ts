import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import { EmailOutboxEntity } from './email-outbox.entity';

export interface NewOutboxMessage {
  id: string;
  kind: string;
  referenceId: string | null;
  toEmail: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

interface OutboxRow {
  id: string;
  kind: string;
  reference_id: string | null;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/** The e-mails not yet delivered (pending or being sent) and how long the oldest has waited since it was queued. */
export interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

/** A message claimed by a worker, with the attempt number this delivery is. */
export interface ClaimedMessage {
  id: string;
  kind: string;
  referenceId: string | null;
  toEmail: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
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
    const rows = await this.dataSource.query<[OutboxRow[], number] | OutboxRow[]>(
      `WITH due AS (
         SELECT id FROM email_outbox
         WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
       UPDATE email_outbox o
       SET status = 'sending',
           attempts = o.attempts + 1,
           locked_by = $1,
           locked_until = now() + ($3 * interval '1 millisecond'),
           next_attempt_at = now() + ($3 * interval '1 millisecond')
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.kind, o.reference_id, o.to_email, o.subject, o.text_body, o.html_body, o.attempts`,
      [workerId, limit, leaseMs],
    );
    const list: OutboxRow[] = Array.isArray(rows[0]) ? rows[0] : (rows as OutboxRow[]);
    return list.map((r) => ({
      id: r.id,
      kind: r.kind,
      referenceId: r.reference_id,
      toEmail: r.to_email,
      subject: r.subject,
      textBody: r.text_body,
      htmlBody: r.html_body,
      attempts: Number(r.attempts),
    }));
  }

  /** Marks a claimed message sent; false when the claim was lost (lease ran out and another worker took it). */
  async markSent(id: string, workerId: string): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ status: 'sent', sentAt: () => 'now()', lockedBy: null, lockedUntil: null, lastError: null })
      .where('id = :id AND locked_by = :workerId AND status = :status', { id, workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Puts a claimed message back for a retry after `delayMs`. */
  async markRetry(id: string, workerId: string, error: string, delayMs: number): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', lockedBy: null, lockedUntil: null, lastError: error, nextAttemptAt: () => `now() + (${Math.max(0, Math.round(delayMs))} * interval '1 millisecond')` })
      .where('id = :id AND locked_by = :workerId AND status = :status', { id, workerId, status: 'sending' })
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
      .where('id = :id AND locked_by = :workerId AND status = :status', { id, workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Hands claimed messages that were not attempted back (due now, the attempt not counted). */
  async release(ids: readonly string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE email_outbox SET status = 'pending', attempts = attempts - 1, locked_by = NULL, locked_until = NULL, next_attempt_at = now()
       WHERE id = ANY($1::uuid[]) AND locked_by = $2 AND status = 'sending'`,
      [ids, workerId],
    );
  }

  /**
   * Whether an invitation e-mail is still wanted: its invitation is neither accepted, cancelled
   * nor expired (and still exists).
   */
  async invitationPending(invitationId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM invitations
       WHERE id = $1 AND accepted_at IS NULL AND cancelled_at IS NULL AND created_at + expired_in * interval '1 second' > now()`,
      [invitationId],
    );
    return rows.length > 0;
  }

  /** Gives a claimed message up after its last attempt. */
  async markFailed(id: string, workerId: string, error: string): Promise<boolean> {
    const result = await this.outbox()
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: error })
      .where('id = :id AND locked_by = :workerId AND status = :status', { id, workerId, status: 'sending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Of the given references, those whose latest message of `kind` failed. */
  async failedReferences(kind: string, referenceIds: readonly string[]): Promise<Set<string>> {
    if (referenceIds.length === 0) return new Set();
    const rows = await this.dataSource.query<{ reference_id: string; status: string }[]>(
      `SELECT DISTINCT ON (reference_id) reference_id, status FROM email_outbox
       WHERE kind = $1 AND reference_id = ANY($2::varchar[])
       ORDER BY reference_id, created_at DESC`,
      [kind, referenceIds],
    );
    return new Set(rows.filter((r) => r.status === 'failed').map((r) => r.reference_id));
  }

  /** The messages waiting for delivery now (the oldest age is 0 when there are none). */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await this.dataSource.query<{ pending: number; oldest_age_seconds: number }[]>(
      `SELECT count(*)::int AS pending, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_age_seconds
       FROM email_outbox WHERE status IN ('pending', 'sending')`,
    );
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
    // A SELECT (the CTE), so that the driver hands back the rows whatever the command.
    return this.txHost.tx.query<{ id: string; previousStatus: string }[]>(
      `WITH requeued AS (
         UPDATE email_outbox e
         SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_by = NULL, locked_until = NULL, last_error = NULL
         FROM (SELECT id, status FROM email_outbox WHERE id = ANY($1::uuid[]) AND status <> 'sending' FOR UPDATE) previous
         WHERE e.id = previous.id AND e.status <> 'sending'
         RETURNING e.id, previous.status)
       SELECT id, status AS "previousStatus" FROM requeued ORDER BY id`,
      [ids],
    );
  }

  /** Queues the latest message of `kind` about the reference again (see {@link requeue}); its id, or null when there is none. */
  async requeueLatestFor(kind: string, referenceId: string): Promise<string | null> {
    const [latest] = await this.outbox().find({ where: { kind, referenceId }, order: { createdAt: 'DESC' }, take: 1 });
    if (!latest) return null;
    await this.requeue([latest.id]);
    return latest.id;
  }
}
