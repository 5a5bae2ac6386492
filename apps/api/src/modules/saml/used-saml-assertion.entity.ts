import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A SAML assertion a sign-in was completed with (docs/integration.md#saml): kept until it expires so
 * that the same assertion is never accepted twice. Not an entity people change: it has no audit columns.
 */
@Entity('used_saml_assertions')
export class UsedSamlAssertionEntity {
  /** The connection whose identity provider issued the assertion. */
  @PrimaryColumn({ name: 'connection_id', type: 'varchar', length: 32 })
  connectionId: string;

  /** The assertion's ID, as its issuer wrote it. */
  @PrimaryColumn({ name: 'assertion_id', type: 'varchar', length: 256 })
  assertionId: string;

  /** When the assertion stops being accepted anyway (its NotOnOrAfter plus the clock skew allowed): the row may go then. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
