import type { Locale } from '@console/domain';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** A deleted account keeps its row with its personal data cleared (docs/product-rules.md#account-deletion). */
@Entity('accounts')
@Index('accounts_email_key', ['email'], { unique: true, where: 'deleted_at IS NULL' })
export class AccountEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  id: string;

  /** The Firebase uid; null until the account first signs in (the bootstrapped root account). */
  @Column({ name: 'idaas_id', type: 'varchar', length: 128, nullable: true, unique: true })
  idaasId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  /** Lower-cased; unique among the accounts not deleted, '' once deleted. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ name: 'profile_image_src', type: 'text', nullable: true })
  profileImageSrc: string | null;

  @Column({ name: 'is_system_admin', type: 'boolean', default: false })
  isSystemAdmin: boolean;

  /** The language of the console and of the e-mails the account sends (invitations). */
  @Column({ type: 'varchar', length: 2, default: 'ja' })
  locale: Locale;

  /** When the account was deleted; null while it exists. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
