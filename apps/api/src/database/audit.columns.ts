import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** createdById and createdAt, carried by every entity (docs/product-rules.md#entities). */
export abstract class ImmutableAudit {
  @Column({ name: 'created_by_id', type: 'varchar', length: 10 })
  createdById: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** updatedById and updatedAt, added on mutable entities. */
export abstract class MutableAudit extends ImmutableAudit {
  @Column({ name: 'updated_by_id', type: 'varchar', length: 10 })
  updatedById: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
