import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError, generateId, UNPAGED_LIST_CAP } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { SecretCipher } from '../../common/crypto/secret-cipher';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/query-errors';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { OrganizationDomainRepository } from '../organization-domain/organization-domain.repository';
import { SamlProtocol } from '../saml/saml-protocol';
import { checkSamlCertificate, normalizeCertificate } from './saml-certificate';
import { SsoConnectionEntity } from './sso-connection.entity';
import {
  toSsoConnectionResponse,
  toSsoConnectionWithOrganizationResponse,
  type OrganizationSsoResponse,
  type SaveSsoConnectionRequest,
  type SsoConnectionResponse,
  type SsoConnectionWithOrganizationResponse,
} from './sso.dto';
import { SsoProtocols } from './sso-protocol';
import { SsoRepository, type ConnectionChanges } from './sso.repository';

/** The settings of a connection of each type; those of the other type are cleared. */
type ConnectionSettings = Required<
  Pick<ConnectionChanges, 'type' | 'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret' | 'samlEntityId' | 'samlSsoUrl' | 'samlCertificate'>
>;

/** The fields of a connection an audit event tells (never the client secret: only that it changed). */
function auditedFields(connection: Partial<SsoConnectionEntity>, secretChanged = false): Record<string, unknown> {
  return {
    type: connection.type,
    enabled: connection.enabled,
    required: connection.required,
    oidcIssuer: connection.oidcIssuer,
    oidcClientId: connection.oidcClientId,
    samlEntityId: connection.samlEntityId,
    samlSsoUrl: connection.samlSsoUrl,
    samlCertificate: connection.samlCertificate,
    ...(secretChanged ? { oidcClientSecret: '(changed)' } : {}),
  };
}

/**
 * The settings a save asks for, a new client secret sealed (`seal`) and the saved one kept when
 * none is given for the same type; VALIDATION_FAILED when a field of the type is missing, the
 * certificate's own errors for SAML.
 */
function settingsOf(request: SaveSsoConnectionRequest, saved: SsoConnectionEntity | null, seal: (secret: string) => string): ConnectionSettings {
  const missing = (field: string): never => {
    throw new DomainError('VALIDATION_FAILED', `${field} is required for a connection of type ${request.type}`);
  };
  if (request.type === 'oidc') {
    // Null passes the validation as a field left out (IsOptional): it keeps the saved secret too.
    const given = request.oidcClientSecret ?? null;
    const secret = given !== null ? seal(given) : saved?.type === 'oidc' ? saved.oidcClientSecret : null;
    return {
      type: 'oidc',
      oidcIssuer: (request.oidcIssuer ?? missing('oidcIssuer')).replace(/\/+$/, ''),
      oidcClientId: request.oidcClientId ?? missing('oidcClientId'),
      oidcClientSecret: secret ?? missing('oidcClientSecret'),
      samlEntityId: null,
      samlSsoUrl: null,
      samlCertificate: null,
    };
  }
  const certificate = normalizeCertificate(request.samlCertificate ?? missing('samlCertificate'));
  checkSamlCertificate(certificate, new Date());
  return {
    type: 'saml',
    oidcIssuer: null,
    oidcClientId: null,
    oidcClientSecret: null,
    samlEntityId: request.samlEntityId ?? missing('samlEntityId'),
    samlSsoUrl: request.samlSsoUrl ?? missing('samlSsoUrl'),
    samlCertificate: certificate,
  };
}

/** Organizations' SSO connections and requirements (docs/product-rules.md#single-sign-on), and the system administrators' oversight of them. */
@Injectable()
export class SsoConnectionService {
  /** The callback to register at identity providers (redirect URI, ACS URL). */
  readonly callbackUrl: string;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly connections: SsoRepository,
    private readonly domains: OrganizationDomainRepository,
    private readonly protocols: SsoProtocols,
    private readonly audit: AuditService,
    private readonly saml: SamlProtocol,
    private readonly cipher: SecretCipher,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'publicApiUrl'>,
  ) {
    this.callbackUrl = `${config.publicApiUrl}/auth/sso/callback`;
  }

  async get(operator: Operator, organizationId: string): Promise<OrganizationSsoResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageSso);
    const connection = await this.connections.findOfOrganization(organizationId);
    return {
      ...(connection ? { connection: toSsoConnectionResponse(connection, this.callbackUrl) } : {}),
      callbackUrl: this.callbackUrl,
      samlEntityId: this.saml.entityId,
    };
  }

  /**
   * Creates the organization's connection or changes it. The organization needs a verified domain
   * (its members' addresses are on it); an OIDC provider must answer its discovery document now.
   * An admin whose address is on those domains requires SSO only from a sign-in through it.
   */
  async save(operator: Operator, request: SaveSsoConnectionRequest, audit: AuditContext): Promise<SsoConnectionResponse> {
    const organizationId = request.organizationId;
    const verified = (await this.domains.listOfOrganization(organizationId)).filter((domain) => domain.state === 'verified').map((domain) => domain.domain);
    // Requiring SSO on the admin's own domain from a sign-in that did not come through it: SSO_SELF_LOCKOUT.
    const requiresSso = request.enabled && request.required ? { requiresSso: { organizationId, domains: verified } } : {};
    await this.access.organization(operator, organizationId, Actions.OrganizationManageSso, requiresSso);
    const saved = await this.connections.findOfOrganization(organizationId);
    const settings = settingsOf(request, saved, (secret) => this.cipher.seal(secret));
    if (verified.length === 0) throw new DomainError('SSO_NO_VERIFIED_DOMAIN');
    const candidate = Object.assign(new SsoConnectionEntity(), { id: saved?.id ?? generateId('ssoConnection'), organizationId, ...settings });
    if (this.protocols.has(settings.type)) await this.protocols.of(settings.type).check(candidate);
    return this.transactions.withTransaction(async () => {
      const current = await this.connections.findOfOrganization(organizationId, true);
      const changes: ConnectionChanges = { ...settings, enabled: request.enabled, required: request.required, updatedById: operator.id };
      // An admin enabling the connection again takes it back from a system administrator's disabling.
      if (request.enabled) changes.disabledBySystemAdminId = null;
      const secretChanged = (request.oidcClientSecret ?? null) !== null;
      if (current) {
        await this.connections.update(current.id, changes);
        await this.audit.record(audit, {
          action: 'ssoConnection.update',
          targetType: 'ssoConnection',
          targetId: current.id,
          organizationId,
          changes: changedFields(auditedFields(current), auditedFields({ ...current, ...changes }, secretChanged)),
        });
        return toSsoConnectionResponse(await this.found(current.id), this.callbackUrl);
      }
      const entity = Object.assign(candidate, {
        ...changes,
        disabledBySystemAdminId: null,
        createdById: operator.id,
      } satisfies Partial<SsoConnectionEntity>);
      try {
        await this.connections.insert(entity);
      } catch (error: unknown) {
        // Another admin of the organization created one at the same time.
        if (isUniqueViolation(error)) throw new DomainError('SSO_CONNECTION_EXISTS');
        throw error;
      }
      await this.audit.record(audit, {
        action: 'ssoConnection.create',
        targetType: 'ssoConnection',
        targetId: entity.id,
        organizationId,
        changes: changedFields(null, auditedFields(entity, true)),
      });
      return toSsoConnectionResponse(await this.found(entity.id), this.callbackUrl);
    });
  }

  /** Removes the organization's connection (and so its requirement); NOT_FOUND when it has none. */
  async remove(operator: Operator, organizationId: string, audit: AuditContext): Promise<SsoConnectionResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageSso);
    return this.transactions.withTransaction(async () => {
      const connection = await this.connections.findOfOrganization(organizationId, true);
      if (!connection) throw new DomainError('NOT_FOUND');
      await this.connections.delete(connection.id);
      await this.audit.record(audit, {
        action: 'ssoConnection.delete',
        targetType: 'ssoConnection',
        targetId: connection.id,
        organizationId,
        changes: changedFields(auditedFields(connection), { type: null, enabled: null, required: null }),
      });
      return toSsoConnectionResponse(connection, this.callbackUrl);
    });
  }

  /** Every organization's connection (system administrators), at most UNPAGED_LIST_CAP. */
  async listAll(operator: Operator): Promise<SsoConnectionWithOrganizationResponse[]> {
    this.access.assert(operator, Actions.SsoListAll);
    return (await this.connections.listAll(UNPAGED_LIST_CAP)).map((row) => toSsoConnectionWithOrganizationResponse(row, this.callbackUrl));
  }

  /** A system administrator disables a (broken) connection: nobody signs in through it and its requirement stops, until an admin enables it again. */
  async disable(operator: Operator, connectionId: string, audit: AuditContext): Promise<SsoConnectionResponse> {
    this.access.assert(operator, Actions.SsoDisable);
    return this.transactions.withTransaction(async () => {
      const connection = await this.connections.findById(connectionId, true);
      if (!connection) throw new DomainError('NOT_FOUND');
      const changes: ConnectionChanges = { enabled: false, disabledBySystemAdminId: operator.id, updatedById: operator.id };
      await this.connections.update(connection.id, changes);
      await this.audit.record(audit, {
        action: 'ssoConnection.disable',
        targetType: 'ssoConnection',
        targetId: connection.id,
        organizationId: connection.organizationId,
        changes: changedFields({ enabled: connection.enabled }, { enabled: false }),
      });
      return toSsoConnectionResponse(await this.found(connection.id), this.callbackUrl);
    });
  }

  private async found(id: string): Promise<SsoConnectionEntity> {
    const connection = await this.connections.findById(id);
    if (!connection) throw new DomainError('NOT_FOUND');
    return connection;
  }
}
