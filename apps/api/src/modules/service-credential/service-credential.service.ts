import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import {
  Actions,
  DomainError,
  generateId,
  MAX_ACTIVE_SERVICE_SECRETS,
  UNPAGED_LIST_CAP,
  validateName,
  type ProductKey,
  type ServiceScope,
} from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { ServiceCallers } from '../../common/auth/service-callers';
import { hashServiceSecret, newServiceSecret, serviceSecretPrefix } from '../../common/auth/service-secret';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { toServiceCredentialResponse, type IssuedServiceSecretResponse, type ServiceCredentialResponse } from './service-credential.dto';
import { ServiceCredentialEntity, ServiceCredentialSecretEntity } from './service-credential.entity';
import { ServiceCredentialRepository } from './service-credential.repository';

/**
 * Service credentials of sibling products (docs/integration.md#credentials-and-scopes), managed by
 * system administrators: each change and its audit event in one transaction, under the
 * credential's row lock; a change of its secrets is announced to every instance on commit.
 */
@Injectable()
export class ServiceCredentialService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly credentials: ServiceCredentialRepository,
    private readonly audit: AuditService,
    private readonly callers: ServiceCallers,
  ) {}

  async list(operator: Operator): Promise<ServiceCredentialResponse[]> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    const credentials = await this.credentials.list(UNPAGED_LIST_CAP);
    const secrets = await this.credentials.secretsOf(credentials.map((c) => c.id));
    return credentials.map((c) =>
      toServiceCredentialResponse(
        c,
        secrets.filter((s) => s.credentialId === c.id),
      ),
    );
  }

  /** A new credential with its first secret (shown this once). */
  async create(
    operator: Operator,
    input: { name: string; product: ProductKey; scopes: ServiceScope[] },
    audit: AuditContext,
  ): Promise<IssuedServiceSecretResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    const name = validateName(input.name);
    const credential = Object.assign(new ServiceCredentialEntity(), {
      id: generateId('serviceCredential'),
      name,
      product: input.product,
      scopes: input.scopes,
      revokedAt: null,
      revokedById: null,
      createdById: operator.id,
      updatedById: operator.id,
    } satisfies Omit<ServiceCredentialEntity, 'createdAt' | 'updatedAt'>);
    const issued = await this.newSecret(credential.id, operator);
    return this.transactions.withTransaction(async () => {
      await this.credentials.insert(credential);
      await this.credentials.insertSecret(issued.entity);
      await this.audit.record(audit, {
        action: 'serviceCredential.create',
        targetType: 'serviceCredential',
        targetId: credential.id,
        changes: changedFields(null, { name, product: input.product, scopes: input.scopes, secret: serviceSecretPrefix(issued.entity.id) }),
      });
      return { credential: await this.response(credential.id), secret: issued.secret };
    });
  }

  /** Issues another secret; the current one stays valid until it is revoked (at most two active). */
  async rotate(operator: Operator, credentialId: string, audit: AuditContext): Promise<IssuedServiceSecretResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    const issued = await this.newSecret(credentialId, operator);
    return this.transactions.withTransaction(async () => {
      await this.activeForUpdate(credentialId);
      if ((await this.credentials.activeSecretsOf(credentialId)).length >= MAX_ACTIVE_SERVICE_SECRETS) {
        throw new DomainError('SERVICE_CREDENTIAL_SECRET_LIMIT');
      }
      await this.credentials.insertSecret(issued.entity);
      await this.audit.record(audit, {
        action: 'serviceCredential.rotate',
        targetType: 'serviceCredential',
        targetId: credentialId,
        changes: changedFields(null, { secret: serviceSecretPrefix(issued.entity.id) }),
      });
      return { credential: await this.response(credentialId), secret: issued.secret };
    });
  }

  /** Revokes one secret of the credential: every instance refuses it at once. */
  async revokeSecret(operator: Operator, credentialId: string, secretId: string, audit: AuditContext): Promise<ServiceCredentialResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.revoking(credentialId, async () => {
      await this.activeForUpdate(credentialId);
      const secret = (await this.credentials.activeSecretsOf(credentialId)).find((s) => s.id === secretId);
      if (!secret) throw new DomainError('NOT_FOUND');
      await this.credentials.revokeSecrets([secretId], operator.id, new Date());
      await this.credentials.announce(credentialId);
      await this.audit.record(audit, {
        action: 'serviceCredential.revokeSecret',
        targetType: 'serviceCredential',
        targetId: credentialId,
        changes: { secret: { before: serviceSecretPrefix(secretId), after: null } },
      });
      return this.response(credentialId);
    });
  }

  /** Revokes the credential and all its secrets: every instance refuses them at once. */
  async revoke(operator: Operator, credentialId: string, audit: AuditContext): Promise<ServiceCredentialResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.revoking(credentialId, async () => {
      await this.activeForUpdate(credentialId);
      const now = new Date();
      const secrets = await this.credentials.activeSecretsOf(credentialId);
      await this.credentials.revokeSecrets(
        secrets.map((s) => s.id),
        operator.id,
        now,
      );
      await this.credentials.revoke(credentialId, operator.id, now);
      await this.credentials.announce(credentialId);
      await this.audit.record(audit, {
        action: 'serviceCredential.revoke',
        targetType: 'serviceCredential',
        targetId: credentialId,
        changes: { state: { before: 'active', after: 'revoked' } },
      });
      return this.response(credentialId);
    });
  }

  /**
   * Runs `change`, which revokes secrets of the credential, in a transaction; once committed this
   * instance refuses them at once, the others when the announcement reaches them.
   */
  private async revoking<T>(credentialId: string, change: () => Promise<T>): Promise<T> {
    const result = await this.transactions.withTransaction(change);
    this.callers.forget(credentialId);
    return result;
  }

  /** A new secret of the credential and its row (hashed before the transaction: scrypt takes a while). */
  private async newSecret(credentialId: string, operator: Operator): Promise<{ secret: string; entity: ServiceCredentialSecretEntity }> {
    const id = generateId('serviceCredentialSecret');
    const secret = newServiceSecret(id);
    const entity = Object.assign(new ServiceCredentialSecretEntity(), {
      id,
      credentialId,
      hash: await hashServiceSecret(secret),
      revokedAt: null,
      revokedById: null,
      lastUsedAt: null,
      lastUsedIp: null,
      createdById: operator.id,
    } satisfies Omit<ServiceCredentialSecretEntity, 'createdAt'>);
    return { secret, entity };
  }

  /** The credential, locked; NOT_FOUND when there is none, SERVICE_CREDENTIAL_REVOKED when it is revoked. */
  private async activeForUpdate(credentialId: string): Promise<ServiceCredentialEntity> {
    const credential = await this.credentials.findByIdForUpdate(credentialId);
    if (!credential) throw new DomainError('NOT_FOUND');
    if (credential.revokedAt !== null) throw new DomainError('SERVICE_CREDENTIAL_REVOKED');
    return credential;
  }

  private async response(credentialId: string): Promise<ServiceCredentialResponse> {
    const credential = await this.credentials.findByIdForUpdate(credentialId);
    if (!credential) throw new DomainError('NOT_FOUND');
    return toServiceCredentialResponse(credential, await this.credentials.secretsOf([credentialId]));
  }
}
