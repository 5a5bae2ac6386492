import { createHash } from 'node:crypto';
import { LruCache } from './lru-cache';
import type { FirebaseUser } from './operator';

interface Entry {
  user: FirebaseUser;
  expiresAtMs: number;
}

/**
 * Verified ID tokens (or session cookies), so that a signed-in user's later requests are not
 * verified again. Bounded (least recently used entries go first); each entry expires with its
 * token. Whether the user's sessions were revoked since is checked per request, apart (see
 * RevocationCheck).
 */
export class TokenCache {
  /** Lookups in every token cache of the process, answered from the cache or not (exposed as metrics). */
  static readonly lookups = { hits: 0, misses: 0 };

  private readonly entries: LruCache<Entry>;

  constructor(maxEntries: number) {
    this.entries = new LruCache(maxEntries);
  }

  private static key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(token: string, nowMs: number): FirebaseUser | undefined {
    const key = TokenCache.key(token);
    const entry = this.entries.get(key);
    if (entry && entry.expiresAtMs > nowMs) {
      TokenCache.lookups.hits += 1;
      return entry.user;
    }
    TokenCache.lookups.misses += 1;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(token: string, user: FirebaseUser, expiresAtMs: number): void {
    this.entries.set(TokenCache.key(token), { user, expiresAtMs });
  }
}
