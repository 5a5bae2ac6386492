import type { ServiceScope } from '@console/domain';

/** An active secret (neither it nor its credential revoked) as the auth guard needs it. */
export interface ActiveServiceSecret {
  credentialId: string;
  product: string;
  scopes: ServiceScope[];
  /** The stored scrypt hash. */
  hash: string;
}

/**
 * Where the auth guard reads service credentials' secrets and records their use. Declared here and
 * provided by the module owning the credentials (see AuthModule.forRoot), so that the shared auth
 * code depends on no feature module.
 */
export abstract class ServiceCredentialStore {
  /** The secret `secretId` when it and its credential are active; null otherwise. */
  abstract activeSecret(secretId: string): Promise<ActiveServiceSecret | null>;
  /** Records that the secret was used now from `ip`. */
  abstract markUsed(secretId: string, ip: string): Promise<void>;
}
