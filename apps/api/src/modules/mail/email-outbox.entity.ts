import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * An e-mail waiting for (or done with) delivery. Written in the transaction of the change that
 * causes it, delivered by the worker: pending → sending (claimed, leased until lockedUntil) →
 * sent, or back to pending with a later nextAttemptAt, or failed after the last attempt.
 */
@Entity('email_outbox')
export class EmailOutboxEntity {
  /** Stable per-message id, also handed to the mail service so that duplicates are traceable. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 50 })
  kind: string;

  /** The id of what the message is about (e.g. the invitation). */
  @Column({ name: 'reference_id', type: 'varchar', length: 64, nullable: true })
  referenceId: string | null;

  @Column({ name: 'to_email', type: 'varchar', length: 320 })
  toEmail: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody: string;

  @Column({ name: 'html_body', type: 'text' })
  htmlBody: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'locked_by', type: 'varchar', length: 100, nullable: true })
  lockedBy: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
