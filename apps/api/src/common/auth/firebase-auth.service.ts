import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isSsoClaim } from '@console/domain';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { FirebaseUser } from './operator';
import { DELETED_USER, isRefused, RevocationCheck, type UserStanding } from './revocation';
import { TokenCache } from './token-cache';

/** Raised when the identity provider does not answer within the configured time. */
class IdentityProviderTimeout extends Error {}

/** Firebase error codes of an identity provider that could not be reached or failed on its side. */
const UNAVAILABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Whether a failed call means that the identity provider is unreachable or failing (as opposed
 * to refusing the token): our timeout, a network error, or an error that is no Firebase verdict.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof IdentityProviderTimeout) return true;
  const code = errorCode(error);
  if (typeof code !== 'string') return true;
  return UNAVAILABLE_CODES.has(code) || !code.includes('/');
}

/** The answer to a failed verification: 503 when the identity provider is unavailable (the user is not signed out), else 401. */
function failure(error: unknown): DomainError {
  return new DomainError(isUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'UNAUTHENTICATED');
}

/** firebase-admin's own verifier of one kind of JWT: format, project, expiry and signature, without asking the identity provider about the user. */
interface JwtVerifier {
  verifyJWT(jwt: string, isEmulator: boolean): Promise<DecodedIdToken>;
}

interface LocalVerifiers {
  idTokenVerifier: JwtVerifier;
  sessionCookieVerifier: JwtVerifier;
  emulatorMode: boolean;
}

/**
 * The verifiers behind Auth.verifyIdToken and Auth.verifySessionCookie. Those public methods look
 * the user up with the identity provider on every call when asked to check revocation — and always
 * against the Auth Emulator — where this service checks revocation through its own bounded cache
 * (RevocationCheck) instead. firebase-admin does not export them, so this fails at startup rather
 * than at the first request should a new version lay them out differently.
 */
function localVerifiers(auth: Auth): LocalVerifiers {
  const internals = auth as unknown as Partial<LocalVerifiers>;
  if (
    typeof internals.idTokenVerifier?.verifyJWT !== 'function' ||
    typeof internals.sessionCookieVerifier?.verifyJWT !== 'function' ||
    typeof internals.emulatorMode !== 'boolean'
  ) {
    throw new Error('firebase-admin no longer has the token verifiers that common/auth/firebase-auth.service.ts uses: adapt it to this version');
  }
  return internals as LocalVerifiers;
}

/** When the identity provider last revoked the user's sessions (ms since the epoch; 0 when never). */
function revokedAtMs(record: UserRecord): number {
  return record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
}

function toFirebaseUser(decoded: DecodedIdToken): FirebaseUser {
  if (!decoded.email) throw new DomainError('UNAUTHENTICATED');
  return {
    uid: decoded.uid,
    email: decoded.email.toLowerCase(),
    emailVerified: decoded.email_verified === true,
    authTimeMs: decoded.auth_time * 1000,
    signInProvider: decoded.firebase.sign_in_provider,
    secondFactor: decoded.firebase.sign_in_second_factor ?? null,
    // A custom claim only the API sets (SsoSignInService): ID tokens of a custom token carry it at their top level.
    sso: isSsoClaim(decoded.sso) ? { organizationId: decoded.sso.organizationId, connectionId: decoded.sso.connectionId, protocol: decoded.sso.protocol } : null,
  };
}

/**
 * Verifies Firebase ID tokens and session cookies (the emulator's when FIREBASE_AUTH_EMULATOR_HOST
 * is set). A token is verified locally once (signature, expiry; then cached until it expires) and on
 * every request checked against the user's standing — revoked sessions, disabled, deleted — which
 * the identity provider is asked for at most once per user and REVOCATION_CHECK_INTERVAL_MS.
 */
@Injectable()
export class FirebaseAuthService {
  readonly auth: Auth;
  private readonly timeoutMs: number;
  private readonly verifiers: LocalVerifiers;
  private readonly idTokens: TokenCache;
  private readonly sessionCookies: TokenCache;
  private readonly revocation: RevocationCheck;
  /** How many tokens were verified (not served from the cache). */
  verifications = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.timeoutMs = config.identityTimeoutMs;
    if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
    const name = `console-${config.firebaseProjectId}`;
    const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebaseProjectId }, name);
    this.auth = getAuth(app);
    this.verifiers = localVerifiers(this.auth);
    this.idTokens = new TokenCache(config.authCacheMaxEntries);
    this.sessionCookies = new TokenCache(config.authCacheMaxEntries);
    this.revocation = new RevocationCheck((uid) => this.lookUpStanding(uid), {
      intervalMs: config.revocationCheckIntervalMs,
      maxStalenessMs: config.revocationMaxStalenessMs,
      maxEntries: config.authCacheMaxEntries,
    });
  }

  verifyIdToken(token: string): Promise<FirebaseUser> {
    return this.verify(token, this.idTokens, this.verifiers.idTokenVerifier);
  }

  /** Verifies a session cookie, refusing one whose user's sessions were revoked (see the class). */
  verifySessionCookie(cookie: string): Promise<FirebaseUser> {
    return this.verify(cookie, this.sessionCookies, this.verifiers.sessionCookieVerifier);
  }

  private async verify(token: string, cache: TokenCache, verifier: JwtVerifier): Promise<FirebaseUser> {
    let user = cache.get(token, Date.now());
    if (!user) {
      let decoded: DecodedIdToken;
      try {
        this.verifications += 1;
        decoded = await this.withTimeout(verifier.verifyJWT(token, this.verifiers.emulatorMode));
      } catch (error) {
        throw failure(error);
      }
      user = toFirebaseUser(decoded);
      cache.set(token, user, decoded.exp * 1000);
    }
    if (isRefused(await this.revocation.standingOf(user.uid), user.authTimeMs)) throw new DomainError('UNAUTHENTICATED');
    return user;
  }

  /** The user's standing with the identity provider; rejects when the provider cannot answer. */
  private async lookUpStanding(uid: string): Promise<UserStanding> {
    try {
      const record = await this.withTimeout(this.auth.getUser(uid));
      return { deleted: false, disabled: record.disabled, validSinceMs: revokedAtMs(record) };
    } catch (error) {
      if (errorCode(error) === 'auth/user-not-found') return DELETED_USER;
      throw error;
    }
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
   * Revokes every session of the user with the identity provider (refresh tokens, and so every ID
   * token and session cookie of an earlier sign-in) and asks the provider again at the next request
   * here (SessionRevocations tells the other instances). A user the provider no longer knows has
   * no session left; any other failure is the provider's (503), never a 500.
   */
  async revokeSessions(uid: string): Promise<void> {
    try {
      await this.withTimeout(this.auth.revokeRefreshTokens(uid));
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw new DomainError('SERVICE_UNAVAILABLE');
    }
    this.revocation.forget(uid);
  }

  /**
   * Deletes the user at the identity provider (an account's deletion, docs/product-rules.md#account-deletion):
   * its tokens and session cookies are refused from the next request here (SessionRevocations tells
   * the other instances). A user it no longer knows is gone already; any other failure is 503.
   */
  async deleteUser(uid: string): Promise<void> {
    try {
      await this.withTimeout(this.auth.deleteUser(uid));
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw new DomainError('SERVICE_UNAVAILABLE');
    }
    this.revocation.forget(uid);
  }

  /**
   * The uid of the user with this address when the identity provider revoked their sessions less
   * than `withinMs` ago (as it does on a password change); undefined otherwise, also for an unknown
   * address. 503 when the provider cannot answer.
   */
  async recentlyRevokedUid(email: string, withinMs: number): Promise<string | undefined> {
    const record = await this.userRecord(this.auth.getUserByEmail(email));
    return record && Date.now() - revokedAtMs(record) < withinMs ? record.uid : undefined;
  }

  /** Forgets what the identity provider said about the user: the next request asks it again. */
  forgetStanding(uid: string): void {
    this.revocation.forget(uid);
  }

  /** Forgets what the identity provider said about every user. */
  forgetAllStandings(): void {
    this.revocation.forgetAll();
  }

  /**
   * Whether the identity provider has verified that the user owns `email` (asked now, not cached:
   * for granting rights). A user it no longer knows, or whose address is now another, has not.
   */
  async hasVerifiedEmail(uid: string, email: string): Promise<boolean> {
    const record = await this.userRecord(this.auth.getUser(uid));
    return record !== undefined && record.emailVerified && record.email?.toLowerCase() === email;
  }

  /**
   * The second factors enrolled for the user with the identity provider (asked now, not cached):
   * id, kind (phone, totp) and the phone number of an SMS factor. None for a user it no longer knows.
   */
  async enrolledSecondFactors(uid: string): Promise<{ uid: string; factorId: string; phoneNumber: string | null }[]> {
    const record = await this.userRecord(this.auth.getUser(uid));
    return (record?.multiFactor?.enrolledFactors ?? []).map((factor) => ({
      uid: factor.uid,
      factorId: factor.factorId,
      phoneNumber: 'phoneNumber' in factor && typeof factor.phoneNumber === 'string' ? factor.phoneNumber : null,
    }));
  }

  /**
   * The uid of the user with this address, created (its address verified: an organization's
   * identity provider vouched for it) when there is none — a single sign-on's user
   * (docs/product-rules.md#single-sign-on). 503 when the provider cannot answer.
   */
  async ensureSsoUser(email: string): Promise<string> {
    const existing = await this.userRecord(this.auth.getUserByEmail(email));
    try {
      if (!existing) return (await this.withTimeout(this.auth.createUser({ email, emailVerified: true }))).uid;
      if (!existing.emailVerified) await this.withTimeout(this.auth.updateUser(existing.uid, { emailVerified: true }));
      return existing.uid;
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE');
    }
  }

  /** A custom token the web signs in with (signInWithCustomToken), carrying `claims`; 503 when it cannot be signed. */
  async createCustomToken(uid: string, claims: Record<string, unknown>): Promise<string> {
    try {
      return await this.withTimeout(this.auth.createCustomToken(uid, claims));
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE');
    }
  }

  /**
   * The user the identity provider answers with; undefined when it knows no such user (nor can:
   * an address it refuses as malformed), 503 when it cannot answer.
   */
  private async userRecord(lookup: Promise<UserRecord>): Promise<UserRecord | undefined> {
    try {
      return await this.withTimeout(lookup);
    } catch (error) {
      if (errorCode(error) === 'auth/user-not-found' || errorCode(error) === 'auth/invalid-email') return undefined;
      throw new DomainError('SERVICE_UNAVAILABLE');
    }
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
}
