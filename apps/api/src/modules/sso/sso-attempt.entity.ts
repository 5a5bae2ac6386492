import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One sign-in through a connection (docs/product-rules.md#single-sign-on): the secrets the identity
 * provider's answer is checked against, kept here and never in the browser, and used once; then
 * the single-use code the web exchanges for its custom token. The state and the code are stored as
 * SHA-256 hashes.
 */
@Entity('sso_attempts')
export class SsoAttemptEntity {
  @PrimaryColumn({ name: 'state_hash', type: 'varchar', length: 64 })
  stateHash: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 12 })
  connectionId: string;

  @Column({ type: 'varchar', length: 64 })
  nonce: string;

  /** The PKCE code verifier. */
  @Column({ name: 'code_verifier', type: 'varchar', length: 128 })
  codeVerifier: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** When the identity provider's answer came back (the state is used from then on). */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'handoff_hash', type: 'varchar', length: 64, nullable: true })
  handoffHash: string | null;

  /** The Firebase user the sign-in ended with. */
  @Column({ name: 'handoff_uid', type: 'varchar', length: 128, nullable: true })
  handoffUid: string | null;

  @Column({ name: 'handoff_expires_at', type: 'timestamptz', nullable: true })
  handoffExpiresAt: Date | null;

  @Column({ name: 'handed_off_at', type: 'timestamptz', nullable: true })
  handedOffAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
