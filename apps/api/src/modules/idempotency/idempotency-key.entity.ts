import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The call that holds an Idempotency-Key (per scope, path and key) and, once it completed, its response. */
@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  /** The account (or Firebase user) the key belongs to. */
  @PrimaryColumn({ type: 'varchar', length: 140 })
  scope: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  path: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of the call's body, in hex. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash: string;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody: unknown;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
