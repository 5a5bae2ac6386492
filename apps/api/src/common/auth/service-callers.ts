import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, type ServiceScope } from '@console/domain';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { retryReadOnce } from '../../database/connection-loss';
import { LruCache } from './lru-cache';
import { ServiceCredentialStore } from './service-credential-store';
import { serviceSecretId, verifyServiceSecret } from './service-secret';

/** The Postgres channel on which instances announce service credentials whose secrets changed (payload: the credential id). */
export const SERVICE_CREDENTIAL_CHANNEL = 'console_service_credentials_changed';

/** How long a verified secret is trusted without reading it again (revocations are announced at once; this bounds a missed announcement). */
const VERIFIED_TTL_MS = 30_000;
/** How often a secret's use is recorded, at most (per secret and instance). */
const LAST_USED_INTERVAL_MS = 60_000;
/** The scopes of an environment key (SUBSYSTEM_KEYS): what the keys allowed before service credentials. */
const ENVIRONMENT_KEY_SCOPES: readonly ServiceScope[] = ['session:introspect'];

/** The sibling product behind a request of a `service` handler. */
export interface ServiceCaller {
  /** null for an environment key. */
  credentialId: string | null;
  product: string;
  scopes: readonly ServiceScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    serviceCaller?: ServiceCaller;
  }
}

interface Verified {
  caller: ServiceCaller;
  secretId: string;
  trustedUntilMs: number;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Tells which sibling product presents a secret (docs/integration.md#credentials-and-scopes): a
 * service credential's secret (`csk_<id>_<random>`, the row found by its id, checked against its
 * scrypt hash), else an environment key of SUBSYSTEM_KEYS. A verified secret is remembered by its
 * SHA-256 for a short while so hot calls skip scrypt; a change of the credential's secrets is
 * announced on SERVICE_CREDENTIAL_CHANNEL (SessionRevocations listens) and forgotten at once on
 * every instance, the one that changed them without waiting for its own announcement. Records each
 * secret's last use at most once a minute per instance.
 */
@Injectable()
export class ServiceCallers {
  private readonly logger = new Logger(ServiceCallers.name);
  private readonly verified: LruCache<Verified>;
  private readonly used: LruCache<number>;
  private readonly environmentKeys: readonly [string, string][];
  /** How many times verified secrets were forgotten: a verification that began before a forget is not remembered. */
  private forgets = 0;

  constructor(
    private readonly store: ServiceCredentialStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.verified = new LruCache(config.authCacheMaxEntries);
    this.used = new LruCache(config.authCacheMaxEntries);
    this.environmentKeys = Object.entries(config.subsystemKeys).filter((entry): entry is [string, string] => entry[1] !== undefined);
  }

  /** The caller presenting `presented` from `ip`; UNAUTHENTICATED when it is no active secret or key. */
  async authenticate(presented: string, ip: string): Promise<ServiceCaller> {
    const secretId = serviceSecretId(presented);
    if (secretId === null) return this.environmentKey(presented);
    const digest = createHash('sha256').update(presented).digest('base64url');
    let entry = this.verified.get(digest);
    if (!entry || entry.trustedUntilMs <= Date.now()) {
      const forgetsBefore = this.forgets;
      // The first query of such a call: the one to meet a connection dropped while idle.
      const stored = await retryReadOnce(() => this.store.activeSecret(secretId));
      if (!stored || !(await verifyServiceSecret(presented, stored.hash))) {
        this.verified.delete(digest);
        throw new DomainError('UNAUTHENTICATED');
      }
      entry = {
        caller: { credentialId: stored.credentialId, product: stored.product, scopes: stored.scopes },
        secretId,
        trustedUntilMs: Date.now() + VERIFIED_TTL_MS,
      };
      // A revocation committed while the secret was read and verified is not outlived by this entry.
      if (this.forgets === forgetsBefore) this.verified.set(digest, entry);
    }
    await this.markUsed(secretId, ip);
    return entry.caller;
  }

  /** Forgets the verified secrets of the credential (announced on SERVICE_CREDENTIAL_CHANNEL, and by the instance that changed them once committed). */
  forget(credentialId: string): void {
    this.forgets++;
    for (const [digest, entry] of this.verified.entries()) if (entry.caller.credentialId === credentialId) this.verified.delete(digest);
  }

  /** Forgets every verified secret (announcements may have been missed). */
  forgetAll(): void {
    this.forgets++;
    this.verified.clear();
  }

  private environmentKey(presented: string): ServiceCaller {
    const match = this.environmentKeys.find(([, key]) => sameSecret(presented, key));
    if (!match) throw new DomainError('UNAUTHENTICATED');
    return { credentialId: null, product: match[0], scopes: ENVIRONMENT_KEY_SCOPES };
  }

  private async markUsed(secretId: string, ip: string): Promise<void> {
    const now = Date.now();
    if (now - (this.used.get(secretId) ?? 0) < LAST_USED_INTERVAL_MS) return;
    this.used.set(secretId, now);
    // The last use is a hint for the administrators, not a condition of the call.
    await this.store.markUsed(secretId, ip).catch((error: unknown) => this.logger.warn({ err: error }, 'Could not record a service secret as used'));
  }
}
