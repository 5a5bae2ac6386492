import type { JoinRequestStatus } from '@console/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ImmutableAudit } from '../../database/audit.columns';

/** A person's request to join an organization through one of its verified domains (docs/product-rules.md#auto-join). */
@Entity('join_requests')
export class JoinRequestEntity extends ImmutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  /** The domain whose policy the request was sent under (null once that domain is removed). */
  @Column({ name: 'domain_id', type: 'varchar', length: 12, nullable: true })
  domainId: string | null;

  @Column({ name: 'account_id', type: 'varchar', length: 10 })
  accountId: string;

  /** The requester's address when they sent it, lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  status: JoinRequestStatus;

  @Column({ name: 'decided_by_id', type: 'varchar', length: 10, nullable: true })
  decidedById: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;
}
