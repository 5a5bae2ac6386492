import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull } from 'typeorm';
import { ServiceCredentialStore, type ActiveServiceSecret } from '../../common/auth/service-credential-store';
import { execute, readRows } from '../../database/typed-sql';
import { ServiceCredentialEntity, ServiceCredentialSecretEntity } from './service-credential.entity';
import { activeSecret, announceChange, decodeActiveSecret } from './service-credential.sql';

/** The only place that reads and writes service credentials (in the transaction in progress, if any); the auth guard's ServiceCredentialStore. */
@Injectable()
export class ServiceCredentialRepository extends ServiceCredentialStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private credentials() {
    return this.txHost.tx.getRepository(ServiceCredentialEntity);
  }

  private secrets() {
    return this.txHost.tx.getRepository(ServiceCredentialSecretEntity);
  }

  async activeSecret(secretId: string): Promise<ActiveServiceSecret | null> {
    const [row] = await readRows(this.txHost.tx, activeSecret(secretId), decodeActiveSecret);
    return row ?? null;
  }

  async markUsed(secretId: string, ip: string): Promise<void> {
    await this.secrets().update({ id: secretId }, { lastUsedAt: new Date(), lastUsedIp: ip });
  }

  /** Every credential, newest first, at most `limit`. */
  list(limit: number): Promise<ServiceCredentialEntity[]> {
    return this.credentials().find({ order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  byIds(ids: readonly string[]): Promise<ServiceCredentialEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.credentials().findBy({ id: In([...ids]) });
  }

  /** The secrets of the credentials, oldest first. */
  secretsOf(credentialIds: readonly string[]): Promise<ServiceCredentialSecretEntity[]> {
    if (credentialIds.length === 0) return Promise.resolve([]);
    return this.secrets().find({ where: { credentialId: In([...credentialIds]) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The credential, its row locked until the transaction in progress ends (its secrets change under this lock). */
  findByIdForUpdate(id: string): Promise<ServiceCredentialEntity | null> {
    return this.credentials().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  activeSecretsOf(credentialId: string): Promise<ServiceCredentialSecretEntity[]> {
    return this.secrets().find({ where: { credentialId, revokedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insert(credential: ServiceCredentialEntity): Promise<void> {
    await this.credentials().insert(credential);
  }

  async insertSecret(secret: ServiceCredentialSecretEntity): Promise<void> {
    await this.secrets().insert(secret);
  }

  async revoke(id: string, operatorId: string, at: Date): Promise<void> {
    await this.credentials().update({ id }, { revokedAt: at, revokedById: operatorId, updatedById: operatorId });
  }

  async revokeSecrets(ids: readonly string[], operatorId: string, at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.secrets().update({ id: In([...ids]) }, { revokedAt: at, revokedById: operatorId });
  }

  /** Announces the change of the credential to every instance when the transaction in progress commits. */
  async announce(credentialId: string): Promise<void> {
    await execute(this.txHost.tx, announceChange(credentialId));
  }
}
