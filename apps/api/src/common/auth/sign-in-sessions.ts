import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@console/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { retryReadOnce } from '../../database/connection-loss';
import { LruCache } from './lru-cache';
import type { FirebaseUser } from './operator';
import { SignInSessionStore } from './sign-in-session-store';

/** How often a request records that its sign-in was seen, at most. */
const LAST_SEEN_INTERVAL_MS = 60_000;

interface Entry {
  revoked: ReadonlySet<number>;
  nextCheckAtMs: number;
}

/**
 * Refuses a request whose sign-in (the uid and sign-in time of its ID token or session cookie) was
 * revoked in the account settings (docs/architecture.md#sessions). The revoked sign-ins of a user
 * are read from Postgres at most once per REVOCATION_CHECK_INTERVAL_MS, and again at once after
 * SessionRevocations announces the user (every instance listens), so a revocation reaches every
 * instance at once and survives restarts. Records when each sign-in was last seen, at most once a
 * minute per sign-in and instance.
 */
@Injectable()
export class SignInSessions {
  private readonly logger = new Logger(SignInSessions.name);
  private readonly entries: LruCache<Entry>;
  private readonly lookups = new Map<string, Promise<ReadonlySet<number>>>();
  /** When each sign-in (`uid authTimeMs`) was last recorded as seen here. */
  private readonly seen: LruCache<number>;
  private readonly intervalMs: number;

  constructor(
    private readonly store: SignInSessionStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.entries = new LruCache(config.authCacheMaxEntries);
    this.seen = new LruCache(config.authCacheMaxEntries);
    this.intervalMs = config.revocationCheckIntervalMs;
  }

  /** SESSION_REVOKED (401) when the user's sign-in was revoked; otherwise records it as seen (at most once a minute). */
  async assertActive(user: FirebaseUser): Promise<void> {
    if ((await this.revokedOf(user.uid)).has(user.authTimeMs)) throw new DomainError('SESSION_REVOKED');
    const key = `${user.uid} ${user.authTimeMs}`;
    const now = Date.now();
    if (now - (this.seen.get(key) ?? 0) < LAST_SEEN_INTERVAL_MS) return;
    this.seen.set(key, now);
    // The last seen time is a hint for the person, not a condition of the request.
    await this.store.markSeen(user.uid, user.authTimeMs).catch((error: unknown) => this.logger.warn({ err: error }, 'Could not record a session as seen'));
  }

  /** Forgets the revoked sign-ins known of the user (announced by SessionRevocations): the next request reads them again. */
  forget(uid: string): void {
    this.entries.delete(uid);
    this.lookups.delete(uid);
  }

  /** Forgets every user's (announcements may have been missed). */
  forgetAll(): void {
    this.entries.clear();
    this.lookups.clear();
  }

  private revokedOf(uid: string): Promise<ReadonlySet<number>> {
    const entry = this.entries.get(uid);
    if (entry && Date.now() < entry.nextCheckAtMs) return Promise.resolve(entry.revoked);
    return this.lookups.get(uid) ?? this.startLookup(uid);
  }

  private startLookup(uid: string): Promise<ReadonlySet<number>> {
    // Due once per interval and user, the first query of such a request: the one to meet a
    // connection dropped while idle.
    const lookup: Promise<ReadonlySet<number>> = retryReadOnce(() => this.store.revokedSignIns(uid)).then(
      (times) => {
        const revoked = new Set(times);
        // A lookup started before forget() may have read the state from before the revocation.
        if (this.lookups.get(uid) !== lookup) return revoked;
        this.lookups.delete(uid);
        this.entries.set(uid, { revoked, nextCheckAtMs: Date.now() + this.intervalMs });
        return revoked;
      },
      (error: unknown) => {
        if (this.lookups.get(uid) === lookup) this.lookups.delete(uid);
        throw error;
      },
    );
    this.lookups.set(uid, lookup);
    return lookup;
  }
}
