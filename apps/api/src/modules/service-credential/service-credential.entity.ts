import type { ProductKey, ServiceScope } from '@console/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** A sibling product's service credential (docs/integration.md#credentials-and-scopes). */
@Entity('service_credentials')
export class ServiceCredentialEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  product: ProductKey;

  @Column({ type: 'jsonb' })
  scopes: ServiceScope[];

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by_id', type: 'varchar', length: 10, nullable: true })
  revokedById: string | null;
}

/** A secret of a service credential, kept only as its scrypt hash. */
@Entity('service_credential_secrets')
export class ServiceCredentialSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ name: 'credential_id', type: 'varchar', length: 12 })
  credentialId: string;

  /** `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url). */
  @Column({ type: 'varchar', length: 200 })
  hash: string;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by_id', type: 'varchar', length: 10, nullable: true })
  revokedById: string | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'last_used_ip', type: 'varchar', length: 45, nullable: true })
  lastUsedIp: string | null;

  @Column({ name: 'created_by_id', type: 'varchar', length: 10 })
  createdById: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
