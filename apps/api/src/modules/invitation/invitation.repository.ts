import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, LessThan, MoreThanOrEqual } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { arrayOf, decodeAt, EntityColumns, readRows, record } from '../../database/typed-sql';
import { InvitationEntity } from './invitation.entity';
import { decodeInvitationRow, openInvitationPage, organizationInvitationPage, type InvitationRow, type InvitationScope } from './invitation.sql';

/** What {@link InvitationRepository.cancelOpen} answers of each invitation it cancels. */
type CancelledInvitation = Pick<InvitationEntity, 'id' | 'createdAt' | 'expiredIn'>;
const CANCELLED = new EntityColumns(InvitationEntity, null, ['id', 'createdAt', 'expiredIn']);
const decodeCancelled = arrayOf(record<CancelledInvitation>(CANCELLED.fields));

// invitation.service.ts takes the listing's order from here.
export { INVITATION_KEYSET, invitationKeyOf, type InvitationScope } from './invitation.sql';

/** The only place that reads and writes invitations (in the transaction in progress, if any). */
@Injectable()
export class InvitationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private invitations() {
    return this.txHost.tx.getRepository(InvitationEntity);
  }

  /**
   * Inserts the invitation unless the address already has an open invitation to the organization
   * (INSERT … ON CONFLICT DO NOTHING on the unique index invitations_one_open_idx); false then.
   * A concurrent insert of the same address waits for the other transaction and then does nothing.
   */
  async insertUnlessOpen(invitation: InvitationEntity): Promise<boolean> {
    const result = await this.invitations().createQueryBuilder().insert().values(invitation).orIgnore().returning('id').execute();
    return Array.isArray(result.raw) && result.raw.length > 0;
  }

  /** The open (neither accepted nor cancelled) invitation of `email` to the organization, if any. */
  findOpenFor(organizationId: string, email: string): Promise<InvitationEntity | null> {
    return this.invitations().findOneBy({ organizationId, email, acceptedAt: IsNull(), cancelledAt: IsNull() });
  }

  /** Ids of the open invitations of these (lower-cased) addresses to the organization created before `createdBefore`, by address. */
  async openIdsByEmail(organizationId: string, emails: readonly string[], createdBefore: Date): Promise<Map<string, string[]>> {
    const byEmail = new Map<string, string[]>();
    if (emails.length === 0) return byEmail;
    const rows = await this.invitations().find({
      select: { id: true, email: true },
      where: { organizationId, email: In(emails), acceptedAt: IsNull(), cancelledAt: IsNull(), createdAt: LessThan(createdBefore) },
    });
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id]);
    return byEmail;
  }

  /** The open (neither accepted nor cancelled: pending or expired) invitations of these (lower-cased) addresses to the organization. */
  openFor(organizationId: string, emails: readonly string[]): Promise<InvitationEntity[]> {
    if (emails.length === 0) return Promise.resolve([]);
    return this.invitations().findBy({ organizationId, email: In(emails), acceptedAt: IsNull(), cancelledAt: IsNull() });
  }

  /** The open (neither accepted nor cancelled: pending or expired) invitations `accountId` sent to the organization, oldest first. */
  openSentBy(organizationId: string, accountId: string): Promise<InvitationEntity[]> {
    return this.invitations().find({
      where: { organizationId, createdById: accountId, acceptedAt: IsNull(), cancelledAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The open invitations `accountId` sent, to any organization. */
  openSentByAccount(accountId: string): Promise<InvitationEntity[]> {
    return this.invitations().find({ where: { createdById: accountId, acceptedAt: IsNull(), cancelledAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The open invitations of the (lower-cased) address, to any organization. */
  openAddressedTo(email: string): Promise<InvitationEntity[]> {
    return this.invitations().find({ where: { email, acceptedAt: IsNull(), cancelledAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The newest `limit` invitations (any status) sent by the account, newest first. */
  newestSentBy(accountId: string, limit: number): Promise<InvitationEntity[]> {
    return this.invitations().find({ where: { createdById: accountId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * The newest `limit` invitations (any status) the account received, newest first: those to its
   * address that it accepted, that are open, or that were cancelled once it existed. Those an earlier,
   * deleted account of the same address accepted or saw cancelled (its deletion cancels the open
   * ones) stay that account's (docs/product-rules.md#account-data-export).
   */
  newestReceivedBy(account: { id: string; email: string; createdAt: Date }, limit: number): Promise<InvitationEntity[]> {
    const { id, email, createdAt } = account;
    return this.invitations().find({
      where: [
        { email, acceptedById: id },
        { email, acceptedAt: IsNull(), cancelledAt: IsNull() },
        { email, acceptedAt: IsNull(), cancelledAt: MoreThanOrEqual(createdAt) },
      ],
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  countInOrganization(organizationId: string): Promise<number> {
    return this.invitations().countBy({ organizationId });
  }

  /** One page of all the organization's invitations (open, accepted and cancelled), newest first; one statement. */
  organizationPage(organizationId: string, window: ListWindow): Promise<InvitationRow[]> {
    return readRows(this.txHost.tx, organizationInvitationPage(organizationId, window), decodeInvitationRow);
  }

  findById(id: string): Promise<InvitationEntity | null> {
    return this.invitations().findOneBy({ id });
  }

  /** Reads the invitation and locks its row until the transaction in progress ends (SELECT … FOR UPDATE). */
  findByIdForUpdate(id: string): Promise<InvitationEntity | null> {
    return this.invitations().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * One page of the open (neither accepted nor cancelled: pending or expired) invitations of the
   * organization (read from invitations_open_organization_idx in its order), or of those of the
   * project's organization whose membership projects include the project (jsonb containment:
   * read in that index's order, or through the GIN index on projects when few do), newest first; the query matches the e-mail address. One statement.
   */
  openPage(scope: InvitationScope, window: ListWindow): Promise<InvitationRow[]> {
    return readRows(this.txHost.tx, openInvitationPage(scope, window), decodeInvitationRow);
  }

  /** Marks the invitation accepted unless it was accepted or cancelled meanwhile; false then. */
  async markAccepted(id: string, accountId: string): Promise<boolean> {
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ acceptedAt: () => 'now()', acceptedById: accountId })
      .where({ id, acceptedAt: IsNull(), cancelledAt: IsNull() })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels the invitation unless it was accepted or cancelled already; false then. */
  async markCancelled(id: string, accountId: string): Promise<boolean> {
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where({ id, acceptedAt: IsNull(), cancelledAt: IsNull() })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Cancels those of the invitations that are still open (a new invitation replaces them, their sender can no longer send them); the ones cancelled, as they were. */
  async cancelOpen(ids: readonly string[], accountId: string): Promise<CancelledInvitation[]> {
    if (ids.length === 0) return [];
    const result = await this.invitations()
      .createQueryBuilder()
      .update()
      .set({ cancelledAt: () => 'now()', cancelledById: accountId })
      .where({ id: In([...ids]), acceptedAt: IsNull(), cancelledAt: IsNull() })
      .returning(CANCELLED.select())
      .execute();
    return decodeAt(decodeCancelled, result.raw, 'returned');
  }
}
