import type { ConsoleClient, ConsoleSchemas } from './client';

/** The console's session cookie in production (`console_session_dev` in development, `console_session_<env>` elsewhere). */
export const DEFAULT_SESSION_COOKIE = 'console_session';

export type SessionIntrospection = ConsoleSchemas['SessionIntrospectionResponse'];

/**
 * What the console says about a request's session:
 * - `signedIn`: the session and, when a project was asked for, the project (which the account may see);
 * - `noCookie`: the request carries no session cookie;
 * - `signedOut`: a cookie the console does not accept (expired, revoked, no account);
 * - `projectNotVisible`: a valid session whose account may not see the project asked for (or no such project);
 * - `unavailable`: the console could not answer (its `status`, 0 when it was not reached).
 */
export type SessionOutcome =
  | { status: 'signedIn'; session: SessionIntrospection }
  | { status: 'noCookie' }
  | { status: 'signedOut' }
  | { status: 'projectNotVisible' }
  | { status: 'unavailable'; httpStatus: number };

export interface SessionHelperOptions {
  client: ConsoleClient;
  cookieName?: string;
  /** Milliseconds an answer is reused for the same cookie and project (default 5 s; 0: never). */
  cacheMs?: number;
  /** Answers kept at most (default 1,000; the oldest go first). */
  maxEntries?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** The value of cookie `name` in a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * Reads the console's session cookie from a request's Cookie header and asks the console who holds
 * it (`/session/introspect`, scope `session:introspect`), optionally for a project. Answers of the
 * console (signed in, signed out, project not visible) are reused for `cacheMs`, so that a page's
 * requests cost one call; a revoked session is refused at most `cacheMs` later.
 */
export class SessionHelper {
  private readonly cookieName: string;
  private readonly cacheMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, { outcome: SessionOutcome; until: number }>();

  constructor(private readonly options: SessionHelperOptions) {
    this.cookieName = options.cookieName ?? DEFAULT_SESSION_COOKIE;
    this.cacheMs = options.cacheMs ?? 5000;
    this.maxEntries = options.maxEntries ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The session of a request with Cookie header `cookieHeader`, for `projectId` when given. */
  async introspect(cookieHeader: string | null | undefined, projectId?: string): Promise<SessionOutcome> {
    const sessionCookie = readCookie(cookieHeader, this.cookieName);
    if (!sessionCookie) return { status: 'noCookie' };
    const key = `${projectId ?? ''} ${sessionCookie}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.outcome;
    this.cache.delete(key);
    const outcome = await this.ask(sessionCookie, projectId);
    if (outcome.status !== 'unavailable' && this.cacheMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { outcome, until: this.now() + this.cacheMs });
    }
    return outcome;
  }

  private async ask(sessionCookie: string, projectId: string | undefined): Promise<SessionOutcome> {
    let answer;
    try {
      answer = await this.options.client.POST('/session/introspect', { body: projectId ? { sessionCookie, projectId } : { sessionCookie } });
    } catch {
      return { status: 'unavailable', httpStatus: 0 };
    }
    const { data, error, response } = answer;
    if (data) return { status: 'signedIn', session: data };
    if (response.status === 401 || error?.errorCode === 'ACCOUNT_NOT_FOUND') return { status: 'signedOut' };
    if (response.status === 403 || response.status === 404) return { status: 'projectNotVisible' };
    return { status: 'unavailable', httpStatus: response.status };
  }
}
