import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@console/domain';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { FirebaseUser } from './operator';
import { TokenCache } from './token-cache';

/** How long a verified session cookie is trusted without asking the identity provider again. */
export const SESSION_CACHE_MS = 60_000;

/** Raised when the identity provider does not answer within the configured time. */
class IdentityProviderTimeout extends Error {}

/** Firebase error codes of an identity provider that could not be reached or failed on its side. */
const UNAVAILABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

/**
 * Whether a failed call means that the identity provider is unreachable or failing (as opposed
 * to refusing the token): our timeout, a network error, or an error that is no Firebase verdict.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof IdentityProviderTimeout) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return UNAVAILABLE_CODES.has(code) || !code.includes('/');
}

/** The answer to a failed verification: 503 when the identity provider is unavailable (the user is not signed out), else 401. */
function failure(error: unknown): DomainError {
  return new DomainError(isUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'UNAUTHENTICATED');
}

/** Verifies Firebase ID tokens (the emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
@Injectable()
export class FirebaseAuthService {
  readonly auth: Auth;
  private readonly timeoutMs: number;
  private readonly cache = new TokenCache();
  private readonly sessionCache = new TokenCache();
  /** How many tokens were verified with the identity provider (not from the cache). */
  verifications = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.timeoutMs = config.identityTimeoutMs;
    if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
    const name = `console-${config.firebaseProjectId}`;
    const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebaseProjectId }, name);
    this.auth = getAuth(app);
  }

  async verifyIdToken(token: string): Promise<FirebaseUser> {
    const now = Date.now();
    const cached = this.cache.get(token, now);
    if (cached) return cached;
    let decoded;
    try {
      this.verifications += 1;
      decoded = await this.withTimeout(this.auth.verifyIdToken(token));
    } catch (error) {
      throw failure(error);
    }
    if (!decoded.email) throw new DomainError('UNAUTHENTICATED');
    const user: FirebaseUser = { uid: decoded.uid, email: decoded.email.toLowerCase() };
    this.cache.set(token, user, decoded.exp * 1000);
    return user;
  }

  /**
   * Verifies a session cookie, checking that the user's sessions were not revoked. Verified
   * cookies are cached (bounded) for at most SESSION_CACHE_MS, so that a revocation made
   * through another API instance takes effect here within that time.
   */
  async verifySessionCookie(cookie: string): Promise<FirebaseUser> {
    const now = Date.now();
    const cached = this.sessionCache.get(cookie, now);
    if (cached) return cached;
    let decoded;
    try {
      this.verifications += 1;
      decoded = await this.withTimeout(this.auth.verifySessionCookie(cookie, true));
    } catch (error) {
      throw failure(error);
    }
    if (!decoded.email) throw new DomainError('UNAUTHENTICATED');
    const user: FirebaseUser = { uid: decoded.uid, email: decoded.email.toLowerCase() };
    this.sessionCache.set(cookie, user, Math.min(decoded.exp * 1000, now + SESSION_CACHE_MS));
    return user;
  }

  /** Exchanges a (recent) ID token for a session cookie valid for `expiresInMs`. */
  async createSessionCookie(idToken: string, expiresInMs: number): Promise<string> {
    try {
      return await this.withTimeout(this.auth.createSessionCookie(idToken, { expiresIn: expiresInMs }));
    } catch (error) {
      throw failure(error);
    }
  }

  /**
   * Revokes every session of the user with the identity provider and forgets its cached tokens.
   * A user the provider no longer knows has no session left; any other failure is the provider's
   * (503), never a 500.
   */
  async revokeSessions(uid: string): Promise<void> {
    try {
      await this.withTimeout(this.auth.revokeRefreshTokens(uid));
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw new DomainError('SERVICE_UNAVAILABLE');
    }
    this.forgetUser(uid);
  }

  /** Gives up on a call to the identity provider after IDENTITY_TIMEOUT_MS instead of firebase-admin's own, much longer retries. */
  private async withTimeout<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new IdentityProviderTimeout(`The identity provider did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([call, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  forgetUser(uid: string): void {
    this.cache.forgetUser(uid);
    this.sessionCache.forgetUser(uid);
  }
}
