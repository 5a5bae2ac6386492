import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@console/domain';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { FirebaseUser } from './operator';
import { TokenCache } from './token-cache';

/** How long a verified session cookie is trusted without asking the identity provider again. */
export const SESSION_CACHE_MS = 60_000;

/** Verifies Firebase ID tokens (the emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
@Injectable()
export class FirebaseAuthService {
  readonly auth: Auth;
  private readonly cache = new TokenCache();
  private readonly sessionCache = new TokenCache();
  /** How many tokens were verified with the identity provider (not from the cache). */
  verifications = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
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
      decoded = await this.auth.verifyIdToken(token);
    } catch {
      throw new DomainError('UNAUTHENTICATED');
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
      decoded = await this.auth.verifySessionCookie(cookie, true);
    } catch {
      throw new DomainError('UNAUTHENTICATED');
    }
    if (!decoded.email) throw new DomainError('UNAUTHENTICATED');
    const user: FirebaseUser = { uid: decoded.uid, email: decoded.email.toLowerCase() };
    this.sessionCache.set(cookie, user, Math.min(decoded.exp * 1000, now + SESSION_CACHE_MS));
    return user;
  }

  /** Exchanges a (recent) ID token for a session cookie valid for `expiresInMs`. */
  async createSessionCookie(idToken: string, expiresInMs: number): Promise<string> {
    try {
      return await this.auth.createSessionCookie(idToken, { expiresIn: expiresInMs });
    } catch {
      throw new DomainError('UNAUTHENTICATED');
    }
  }

  /** Revokes every session of the user with the identity provider and forgets its cached tokens. */
  async revokeSessions(uid: string): Promise<void> {
    await this.auth.revokeRefreshTokens(uid);
    this.forgetUser(uid);
  }

  forgetUser(uid: string): void {
    this.cache.forgetUser(uid);
    this.sessionCache.forgetUser(uid);
  }
}
