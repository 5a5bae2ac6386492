import type { SsoConnectionType } from '@console/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** An organization's connection to its identity provider (docs/product-rules.md#single-sign-on): one per organization. */
@Entity('sso_connections')
export class SsoConnectionEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  @Column({ type: 'varchar', length: 8 })
  type: SsoConnectionType;

  /** A disabled connection signs nobody in (and its requirement does not apply). */
  @Column({ type: 'boolean' })
  enabled: boolean;

  /** The organization requires its members on its verified domains to sign in through the connection. */
  @Column({ type: 'boolean' })
  required: boolean;

  @Column({ name: 'oidc_issuer', type: 'varchar', length: 2048, nullable: true })
  oidcIssuer: string | null;

  @Column({ name: 'oidc_client_id', type: 'varchar', length: 512, nullable: true })
  oidcClientId: string | null;

  /** Sealed (common/crypto/secret-cipher.ts); never answered by any call. */
  @Column({ name: 'oidc_client_secret', type: 'varchar', length: 1500, nullable: true })
  oidcClientSecret: string | null;

  @Column({ name: 'saml_entity_id', type: 'varchar', length: 2048, nullable: true })
  samlEntityId: string | null;

  @Column({ name: 'saml_sso_url', type: 'varchar', length: 2048, nullable: true })
  samlSsoUrl: string | null;

  /** The identity provider's signing certificate (PEM). */
  @Column({ name: 'saml_certificate', type: 'text', nullable: true })
  samlCertificate: string | null;

  /** The system administrator who disabled the connection (a broken one), null otherwise. */
  @Column({ name: 'disabled_by_system_admin_id', type: 'varchar', length: 10, nullable: true })
  disabledBySystemAdminId: string | null;
}
