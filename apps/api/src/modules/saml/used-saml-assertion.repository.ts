import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LessThan } from 'typeorm';
import { readRows } from '../../database/typed-sql';
import { decodeUsedAssertion, recordUsedAssertion } from './saml.sql';
import { UsedSamlAssertionEntity } from './used-saml-assertion.entity';

/** The only place that reads and writes the used SAML assertions (in the transaction in progress, if any). */
@Injectable()
export class UsedSamlAssertionRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Records the assertion as used: false when it was used already (the primary key settles a race). */
  async record(assertion: UsedSamlAssertionEntity): Promise<boolean> {
    const rows = await readRows(this.txHost.tx, recordUsedAssertion(assertion), decodeUsedAssertion);
    return rows.length === 1;
  }

  /** Forgets the assertions that expired before `now` (no longer accepted anyway). */
  async deleteExpired(now: Date): Promise<void> {
    await this.txHost.tx.getRepository(UsedSamlAssertionEntity).delete({ expiresAt: LessThan(now) });
  }
}
