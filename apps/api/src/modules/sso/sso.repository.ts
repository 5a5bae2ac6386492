import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, LessThan } from 'typeorm';
import { readRows } from '../../database/typed-sql';
import { SsoAttemptEntity } from './sso-attempt.entity';
import { SsoConnectionEntity } from './sso-connection.entity';
import { allConnections, connectionOfDomain, decodeConnection, decodeConnectionWithOrganization, type ConnectionWithOrganizationRow } from './sso.sql';

export type ConnectionChanges = Partial<
  Pick<
    SsoConnectionEntity,
    | 'type'
    | 'enabled'
    | 'required'
    | 'oidcIssuer'
    | 'oidcClientId'
    | 'oidcClientSecret'
    | 'samlEntityId'
    | 'samlSsoUrl'
    | 'samlCertificate'
    | 'disabledBySystemAdminId'
    | 'updatedById'
  >
>;

export type AttemptChanges = Partial<Pick<SsoAttemptEntity, 'completedAt' | 'handoffHash' | 'handoffUid' | 'handoffExpiresAt' | 'handedOffAt'>>;

/** The only place that reads and writes SSO connections and sign-in attempts (in the transaction in progress, if any). */
@Injectable()
export class SsoRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private connections() {
    return this.txHost.tx.getRepository(SsoConnectionEntity);
  }

  private attempts() {
    return this.txHost.tx.getRepository(SsoAttemptEntity);
  }

  findOfOrganization(organizationId: string, forUpdate = false): Promise<SsoConnectionEntity | null> {
    return this.connections().findOne({ where: { organizationId }, ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  findById(id: string, forUpdate = false): Promise<SsoConnectionEntity | null> {
    return this.connections().findOne({ where: { id }, ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The connection of the organization that has verified the domain, if any. */
  async findOfDomain(domain: string): Promise<SsoConnectionEntity | null> {
    const [connection] = await readRows(this.txHost.tx, connectionOfDomain(domain), decodeConnection);
    return connection ?? null;
  }

  listAll(limit: number): Promise<ConnectionWithOrganizationRow[]> {
    return readRows(this.txHost.tx, allConnections(limit), decodeConnectionWithOrganization);
  }

  async insert(connection: SsoConnectionEntity): Promise<void> {
    await this.connections().insert(connection);
  }

  async update(id: string, changes: ConnectionChanges): Promise<void> {
    await this.connections().update({ id }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.connections().delete({ id });
  }

  /** Records a new attempt and forgets the attempts that expired before `expiredBefore`. */
  async insertAttempt(attempt: Omit<SsoAttemptEntity, 'createdAt'>, expiredBefore: Date): Promise<void> {
    await this.attempts().delete({ expiresAt: LessThan(expiredBefore) });
    await this.attempts().insert(attempt);
  }

  /** The attempt not completed yet, its row locked until the transaction in progress ends. */
  findOpenAttemptForUpdate(stateHash: string): Promise<SsoAttemptEntity | null> {
    return this.attempts().findOne({ where: { stateHash, completedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
  }

  /** The completed attempt whose code was not exchanged yet, its row locked. */
  findHandoffForUpdate(handoffHash: string): Promise<SsoAttemptEntity | null> {
    return this.attempts().findOne({ where: { handoffHash, handedOffAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
  }

  async updateAttempt(stateHash: string, changes: AttemptChanges): Promise<void> {
    await this.attempts().update({ stateHash }, changes);
  }
}
