import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** One sign-in the console issued a session cookie for (docs/architecture.md#sessions). */
@Entity('sessions')
@Unique('sessions_sign_in_key', ['idaasId', 'authTime'])
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The Firebase uid of the user who signed in. */
  @Column({ name: 'idaas_id', type: 'varchar', length: 128 })
  idaasId: string;

  /** When the user signed in (the auth_time of its ID tokens and session cookie): what names the sign-in in a request. */
  @Column({ name: 'auth_time', type: 'timestamptz' })
  authTime: Date;

  /** How the user signed in, as the identity provider names it (password, google.com, …). */
  @Column({ name: 'sign_in_method', type: 'varchar', length: 64 })
  signInMethod: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 1000, nullable: true })
  userAgent: string | null;

  /** The client's address at sign-in (request.ip, see TRUSTED_PROXIES). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** The last request of the sign-in, written at most once a minute. */
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
