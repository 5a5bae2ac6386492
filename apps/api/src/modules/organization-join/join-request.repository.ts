import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { JoinRequestStatus } from '@console/domain';
import type { ListWindow } from '../../common/http/paging-sql';
import { readRows } from '../../database/typed-sql';
import { JoinRequestEntity } from './join-request.entity';
import { decodeJoinRequestRow, joinRequestPage, joinRequestsByIds, type JoinRequestRow } from './organization-join.sql';

export { JOIN_REQUEST_KEYSET, joinRequestKeyOf, type JoinRequestRow } from './organization-join.sql';

/** How many of an account's own requests it is shown (the newest). */
const OWN_REQUESTS_SHOWN = 20;

/** The only place that reads and writes join requests (in the transaction in progress, if any). */
@Injectable()
export class JoinRequestRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private requests() {
    return this.txHost.tx.getRepository(JoinRequestEntity);
  }

  async insert(request: Omit<JoinRequestEntity, 'createdAt'>): Promise<void> {
    await this.requests().insert(request);
  }

  /** The request, its row locked until the transaction in progress ends. */
  findByIdForUpdate(id: string): Promise<JoinRequestEntity | null> {
    return this.requests().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findPending(organizationId: string, accountId: string): Promise<JoinRequestEntity | null> {
    return this.requests().findOneBy({ organizationId, accountId, status: 'pending' });
  }

  async decide(id: string, status: Exclude<JoinRequestStatus, 'pending'>, operatorId: string): Promise<void> {
    await this.requests().update({ id }, { status, decidedById: operatorId, decidedAt: new Date() });
  }

  page(organizationId: string, status: JoinRequestStatus | undefined, window: ListWindow): Promise<JoinRequestRow[]> {
    return readRows(this.txHost.tx, joinRequestPage(organizationId, status, window), decodeJoinRequestRow);
  }

  countPending(organizationId: string): Promise<number> {
    return this.requests().countBy({ organizationId, status: 'pending' });
  }

  async withNames(id: string): Promise<JoinRequestRow | null> {
    return (await readRows(this.txHost.tx, joinRequestsByIds([id]), decodeJoinRequestRow))[0] ?? null;
  }

  /** The account's newest requests, with names. */
  async ofAccount(accountId: string): Promise<JoinRequestRow[]> {
    const own = await this.requests().find({ select: { id: true }, where: { accountId }, order: { createdAt: 'DESC' }, take: OWN_REQUESTS_SHOWN });
    return own.length === 0 ? [] : readRows(this.txHost.tx, joinRequestsByIds(own.map((r) => r.id)), decodeJoinRequestRow);
  }
}
