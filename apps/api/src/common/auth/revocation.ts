import { DomainError } from '@console/domain';
import { LruCache } from './lru-cache';

/** What the identity provider says about a user, as far as their sessions are concerned. */
export interface UserStanding {
  /** The user no longer exists. */
  deleted: boolean;
  disabled: boolean;
  /**
   * Sessions of a sign-in before this moment (ms since the epoch; 0 when never) are revoked: by a
   * logout, a password change or an administrator (the provider's tokensValidAfterTime).
   */
  validSinceMs: number;
}

export const DELETED_USER: UserStanding = Object.freeze({ deleted: true, disabled: false, validSinceMs: 0 });

/**
 * Whether a token or session cookie of a sign-in at `authTimeMs` must be refused: the user was
 * deleted or disabled, or their sessions were revoked after that sign-in (as the identity provider
 * decides it: both times compared in ms, the provider's having whole seconds).
 */
export function isRefused(standing: UserStanding, authTimeMs: number): boolean {
  return standing.deleted || standing.disabled || authTimeMs < standing.validSinceMs;
}

export interface RevocationCheckOptions {
  /** How long an answer is used before the identity provider is asked again. */
  intervalMs: number;
  /** While the identity provider cannot be reached, how old a last answer may be and still be used. */
  maxStalenessMs: number;
  /** Users remembered at most (least recently used go first). */
  maxEntries: number;
}

interface Entry {
  standing: UserStanding;
  /** When the identity provider gave this answer. */
  answeredAtMs: number;
  /** When to ask again. */
  nextCheckAtMs: number;
}

/**
 * Users' standing with the identity provider, asked at most once per user and interval (and once
 * for concurrent requests), so that requests make no call to it while a revocation still takes
 * effect within the interval. When the provider cannot answer, the last answer is used while it is
 * younger than the maximum staleness (and asked for again once per interval); without one, the
 * request answers 503 SERVICE_UNAVAILABLE rather than signing the user out.
 */
export class RevocationCheck {
  private readonly entries: LruCache<Entry>;
  private readonly lookups = new Map<string, Promise<UserStanding>>();

  /** `lookUp` answers the provider's standing of a user, or rejects when the provider could not answer. */
  constructor(
    private readonly lookUp: (uid: string) => Promise<UserStanding>,
    private readonly options: RevocationCheckOptions,
  ) {
    this.entries = new LruCache(options.maxEntries);
  }

  async standingOf(uid: string): Promise<UserStanding> {
    const entry = this.entries.get(uid);
    if (entry && Date.now() < entry.nextCheckAtMs) return entry.standing;
    return this.lookups.get(uid) ?? this.startLookup(uid);
  }

  /** Forgets what is known of the user (its sessions were just revoked here): the next request asks again. */
  forget(uid: string): void {
    this.entries.delete(uid);
    this.lookups.delete(uid);
  }

  /** Forgets what is known of every user (announcements of revocations may have been missed). */
  forgetAll(): void {
    this.entries.clear();
    this.lookups.clear();
  }

  private startLookup(uid: string): Promise<UserStanding> {
    const lookup: Promise<UserStanding> = this.lookUp(uid).then(
      (standing) => {
        // A lookup started before forget() may have read the state from before the revocation.
        if (this.lookups.get(uid) !== lookup) return standing;
        this.lookups.delete(uid);
        const now = Date.now();
        this.entries.set(uid, { standing, answeredAtMs: now, nextCheckAtMs: now + this.options.intervalMs });
        return standing;
      },
      () => {
        if (this.lookups.get(uid) === lookup) this.lookups.delete(uid);
        return this.lastKnown(uid);
      },
    );
    this.lookups.set(uid, lookup);
    return lookup;
  }

  /** The last answer while it is not too old (the provider is asked again after the interval), else 503. */
  private lastKnown(uid: string): UserStanding {
    const entry = this.entries.get(uid);
    const now = Date.now();
    const usableUntilMs = entry ? entry.answeredAtMs + this.options.maxStalenessMs : 0;
    if (!entry || now > usableUntilMs) throw new DomainError('SERVICE_UNAVAILABLE');
    entry.nextCheckAtMs = Math.min(now + this.options.intervalMs, usableUntilMs);
    return entry.standing;
  }
}
