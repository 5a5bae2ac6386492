import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * An e-mail waiting for (or done with) delivery. Written in the transaction of the change that
 * causes it, together with the queue job that delivers it (`jobId`): pending → sending (an attempt
 * under way) → sent, or back to pending until the job's retry, or failed (given up).
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

  /**
   * The queue job that delivers the message (pg-boss); a job with another id finds nothing to do.
   * Null for a message waiting since before the queue, handed to it as the API starts.
   */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
