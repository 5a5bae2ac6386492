import { createHash } from 'node:crypto';
import type { FirebaseUser } from './operator';

interface Entry {
  user: FirebaseUser;
  expiresAtMs: number;
}

/**
 * Verified ID tokens, so that a signed-in user's later requests make no call to the identity
 * provider. Bounded (least recently used entries go first) and each entry expires with its token.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 10_000) {}

  private static key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(token: string, nowMs: number): FirebaseUser | undefined {
    const key = TokenCache.key(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAtMs <= nowMs) return undefined;
    this.entries.set(key, entry);
    return entry.user;
  }

  set(token: string, user: FirebaseUser, expiresAtMs: number): void {
    const key = TokenCache.key(token);
    this.entries.delete(key);
    this.entries.set(key, { user, expiresAtMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every token of `uid` (its session was revoked). */
  forgetUser(uid: string): void {
    for (const [key, entry] of this.entries) if (entry.user.uid === uid) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
