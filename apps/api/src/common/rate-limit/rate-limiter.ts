import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DomainError } from '@console/domain';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, type RateLimitConfig } from '../../config/app-config';
import { bearerToken } from '../auth/bearer-token';
import { LruCache } from '../auth/lru-cache';
import { RateLimitedError } from './rate-limited.error';

const WINDOW_MS = 60_000;
/** How long the API waits for Redis as it starts, then for each command, before it goes on without it (fail open). */
const REDIS_CONNECT_TIMEOUT_MS = 3000;
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Invitation counters outlive their UTC day by a day, then Redis drops them. */
const INVITATION_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;

/** Never limited: the load balancer's health checks. */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
/** Limited per client IP whatever the caller presents: sibling products' servers, with their service credential. */
const PER_IP_PATHS: ReadonlySet<string> = new Set(['/session/introspect']);
/** The membership calls of sibling products, limited per client IP like the introspection. */
const PER_IP_PREFIX = '/service/';

const IP_KEY = 'ip:';
const AUTH_FAILURES_KEY = 'auth-failures:';
/** Client IPs an instance remembers as over their failed-authentication limit. */
const REFUSED_IPS_MAX_ENTRIES = 10_000;

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/** The client IP as the limits count it: request.ip (see TRUSTED_PROXIES), an IPv6 address by its /56. */
function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** Whom a call is charged to: its account once authenticated (else its Firebase user), before that its client IP. */
function callerKey(request: FastifyRequest): string {
  if (request.operator) return `account:${request.operator.id}`;
  if (request.firebaseUser) return `user:${request.firebaseUser.uid}`;
  return `${IP_KEY}${clientIp(request)}`;
}

/** Seconds from `now` to the next midnight UTC. */
function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return (next - now.getTime()) / 1000;
}

/** Adds ARGV[1] invited addresses to the day's counter unless the total would pass ARGV[2]; 1 when added, 0 when refused. */
const COUNT_INVITATIONS_LUA = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
if total > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return 0
end
return 1`;

/**
 * Rate limits, with @fastify/rate-limit counting in Redis when REDIS_URL is set (one limit for all
 * instances), else in this instance's memory:
 * - per client IP: calls presenting neither a bearer token nor the session cookie, and every call
 *   of /session/introspect (a Fastify onRequest hook, before anything else runs);
 * - per account: write calls of signed-in callers (AuthGuard, after authentication);
 * - per organization and UTC day: addresses invited with /organization/inviteMembers;
 * - per client IP: failed authentications (see {@link authenticating}).
 * Beyond a limit a call answers 429 RATE_LIMITED with Retry-After. When Redis cannot be reached
 * calls are not limited (fail open), and the outage and the recovery are logged once each.
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly limits: RateLimitConfig;
  private readonly sessionCookieName: string;
  /** Created by {@link install} when REDIS_URL is set. */
  private redis: Redis | undefined;
  /** host:port of the Redis, for the log (without credentials). */
  private readonly redisAddress: string = '';
  /** Today's invited addresses per organization, when there is no Redis. */
  private readonly invitationsInMemory = new Map<string, { day: string; count: number }>();
  private charge: Limit | undefined;
  private chargeAuthFailure: Limit | undefined;
  /** Client IPs over their failed-authentication limit, until when (ms): refused before their credentials are checked. */
  private readonly refusedIps = new LruCache<number>(REFUSED_IPS_MAX_ENTRIES);
  private redisFailing = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limits = config.rateLimit;
    this.sessionCookieName = config.deployment.sessionCookieName;
    if (this.limits.redisUrl) {
      const url = new URL(this.limits.redisUrl);
      this.redisAddress = `${url.hostname}:${url.port || '6379'}`;
    }
  }

  /** Connects to Redis, waiting at most REDIS_CONNECT_TIMEOUT_MS: without it the API starts all the same, unlimited until Redis answers. */
  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.redis.connect(), timeout]);
      this.logger.log(`Rate limits counted in Redis at ${this.redisAddress}`);
    } catch (error) {
      this.redisFailed(error);
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  /** Creates the Redis client (REDIS_URL), registers @fastify/rate-limit on the server and limits calls per client IP as they arrive. */
  async install(fastify: FastifyInstance): Promise<void> {
    if (this.limits.redisUrl) {
      // Loaded only when used: an instance without Redis starts without the client.
      const { Redis } = await import('ioredis');
      this.redis = new Redis(this.limits.redisUrl, {
        lazyConnect: true,
        // A command while Redis is away fails at once (the call is not limited) instead of waiting for it.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      });
      this.redis.on('error', (error: Error) => this.redisFailed(error));
      this.redis.on('ready', () => this.redisAnswered());
    }
    await fastify.register(fastifyRateLimit, {
      global: false,
      timeWindow: WINDOW_MS,
      keyGenerator: callerKey,
      max: (_request, key) => (key.startsWith(IP_KEY) ? this.limits.ipPerMinute : this.limits.accountWritesPerMinute),
      ...(this.redis ? { redis: this.redis, nameSpace: this.limits.keyPrefix } : {}),
    });
    this.charge = fastify.createRateLimit();
    this.chargeAuthFailure = fastify.createRateLimit({
      keyGenerator: (request) => `${AUTH_FAILURES_KEY}${clientIp(request)}`,
      max: this.limits.authFailuresPerMinute,
    });
    // A callback hook: the calls not limited per IP (signed-in callers' calls, most of them) go on
    // at once, without a promise of their own.
    fastify.addHook('onRequest', (request, _reply, done) => {
      if (this.limitedPerIp(request)) this.enforce(request).then(() => done(), done);
      else done();
    });
  }

  /** Counts a write call against the signed-in caller's limit; anonymous calls were counted per IP as they arrived. */
  async chargeWrite(request: FastifyRequest): Promise<void> {
    if (request.operator || request.firebaseUser) await this.enforce(request);
  }

  /**
   * Checks a caller's credentials with `verify`, counting each refusal (UNAUTHENTICATED: an invalid
   * bearer token, session cookie, service credential or environment key) against the client IP. Beyond
   * RATE_LIMIT_AUTH_FAILURES_PER_MINUTE the refusal answers 429 instead, and until the minute is
   * over this instance refuses the IP's credentials, valid or not, before checking them (other
   * instances from their first refusal of it on). Other IPs are not affected.
   */
  async authenticating<T>(request: FastifyRequest, verify: () => T | Promise<T>): Promise<T> {
    const ip = clientIp(request);
    const refusedUntil = this.refusedIps.get(ip) ?? 0;
    if (refusedUntil > Date.now()) throw new RateLimitedError((refusedUntil - Date.now()) / 1000);
    try {
      return await verify();
    } catch (error) {
      if (!(error instanceof DomainError) || error.errorCode !== 'UNAUTHENTICATED') throw error;
      const result = await this.count(this.chargeAuthFailure, request);
      if (!result?.isExceeded) throw error;
      this.refusedIps.set(ip, Date.now() + result.ttl);
      throw new RateLimitedError(result.ttl / 1000);
    }
  }

  /**
   * Counts `count` invited addresses against the organization's allowance of the current UTC day.
   * Throws RATE_LIMITED, counting nothing, when they would exceed it.
   */
  async countInvitations(organizationId: string, count: number, now: Date = new Date()): Promise<void> {
    if (count <= 0) return;
    const day = now.toISOString().slice(0, 10);
    const cap = this.limits.invitationsPerOrganizationPerDay;
    let added: boolean;
    if (this.redis) {
      try {
        const key = `${this.limits.keyPrefix}invitations:${organizationId}:${day}`;
        added = (await this.redis.eval(COUNT_INVITATIONS_LUA, 1, key, count, cap, INVITATION_COUNTER_TTL_SECONDS)) === 1;
        this.redisAnswered();
      } catch (error) {
        this.redisFailed(error);
        return;
      }
    } else {
      const today = this.invitationsInMemory.get(organizationId);
      const total = (today?.day === day ? today.count : 0) + count;
      added = total <= cap;
      if (added) this.invitationsInMemory.set(organizationId, { day, count: total });
    }
    if (!added) throw new RateLimitedError(secondsToNextUtcDay(now));
  }

  private limitedPerIp(request: FastifyRequest): boolean {
    const path = pathOf(request);
    if (UNLIMITED_PATHS.has(path)) return false;
    if (PER_IP_PATHS.has(path) || path.startsWith(PER_IP_PREFIX)) return true;
    return bearerToken(request) === undefined && request.cookies[this.sessionCookieName] === undefined;
  }

  private async enforce(request: FastifyRequest): Promise<void> {
    const result = await this.count(this.charge, request);
    if (result?.isExceeded) throw new RateLimitedError(result.ttl / 1000);
  }

  /** Counts the call against `limit`; undefined when it cannot be counted (Redis unavailable: fail open). */
  private async count(limit: Limit | undefined, request: FastifyRequest): Promise<{ isExceeded: boolean; ttl: number } | undefined> {
    if (!limit) throw new Error('RateLimiter.install was not called');
    const result = await limit(request).catch((error: unknown) => {
      this.redisFailed(error);
      return undefined;
    });
    if (!result) return undefined;
    this.redisAnswered();
    return result.isAllowed ? undefined : result;
  }

  private redisFailed(error: unknown): void {
    if (this.redisFailing) return;
    this.redisFailing = true;
    const reason = error instanceof Error ? error.message || error.constructor.name : String(error);
    this.logger.warn(`Redis at ${this.redisAddress} unavailable (${reason}): calls are not rate-limited until it answers`);
  }

  private redisAnswered(): void {
    if (!this.redisFailing) return;
    this.redisFailing = false;
    this.logger.log(`Redis at ${this.redisAddress} answers again: rate limits apply`);
  }
}
