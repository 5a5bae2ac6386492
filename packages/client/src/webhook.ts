import { createHmac, timingSafeEqual } from 'node:crypto';

/** The Standard Webhooks headers the console signs a delivery with. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** How far a delivery's timestamp may be from the receiver's clock by default: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** What the console delivers (the webhook body, and an item of the `events` list). */
export interface ConsoleEvent<Data = Record<string, unknown>> {
  /** `evt_…`, the `webhook-id` of its deliveries: the same event delivered twice has the same id. */
  id: string;
  /** e.g. `membership.removed`. */
  type: string;
  /** When the change was committed (ISO 8601). */
  timestamp: string;
  data: Data;
}

/**
 * Where the ids of the deliveries already accepted are kept, for as long as their timestamp is
 * within the tolerance (after that the timestamp check refuses them anyway). Share one store
 * between the instances of a product (e.g. Redis `SET id 1 NX PX ttl`) to refuse a replay that
 * reaches another instance.
 */
export interface WebhookReplayStore {
  /** Records `id` for `ttlMs`; false when it was already recorded (the delivery is a replay). */
  remember(id: string, ttlMs: number): boolean | Promise<boolean>;
}

/** The default replay store: the ids in memory, each forgotten after its time to live, at most `maxEntries` (the oldest go first). */
export class MemoryReplayStore implements WebhookReplayStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(id: string, ttlMs: number): boolean {
    const now = this.now();
    const expiry = this.expiries.get(id);
    if (expiry !== undefined && expiry > now) return false;
    this.expiries.delete(id);
    // Insertion order is roughly expiry order: drop the oldest while they have expired or the store is full.
    for (const [seen, until] of this.expiries) {
      if (until > now && this.expiries.size < this.maxEntries) break;
      this.expiries.delete(seen);
    }
    this.expiries.set(id, now + ttlMs);
    return true;
  }
}

/** Why a delivery was refused. */
export type WebhookFailure = 'missingHeaders' | 'invalidTimestamp' | 'timestampOutOfTolerance' | 'invalidSignature' | 'replayed' | 'invalidBody';

export class WebhookVerificationError extends Error {
  constructor(readonly reason: WebhookFailure) {
    super(`Webhook refused: ${reason}`);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** The endpoint's secret (`whsec_<base64 key>`); during a rotation, the new one and the old one. */
  secret: string | readonly string[];
  /** Seconds a delivery's timestamp may be from now, either way (default 300). */
  toleranceSeconds?: number;
  /** Where accepted ids are remembered (default: one store in this process's memory). */
  replayStore?: WebhookReplayStore;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

type HeaderBag = Headers | Record<string, string | readonly string[] | undefined>;

const defaultReplayStore = new MemoryReplayStore();

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : value?.join(' ');
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) throw new TypeError('A webhook secret starts with whsec_');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/** The signature of a delivery under the endpoint's secret, as `webhook-signature` carries it after `v1,`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

function sameSignature(expected: string, presented: string): boolean {
  const left = Buffer.from(expected, 'base64');
  const right = Buffer.from(presented, 'base64');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies a delivery of the console's webhooks the Standard Webhooks way and answers its event:
 * the `webhook-signature` header holds one or more space-separated `v1,<base64>` signatures, one
 * of which must be the HMAC-SHA256, under the endpoint's secret, of `${webhook-id}.${webhook-timestamp}.${body}`
 * (compared in constant time); the timestamp must be within the tolerance of now; and the id must
 * not have been accepted before (replay protection, by the replay store). `body` is the raw body,
 * exactly as received. Throws a {@link WebhookVerificationError} otherwise.
 */
export async function verifyWebhook<Data = Record<string, unknown>>(
  body: string | Uint8Array,
  headers: HeaderBag,
  options: VerifyWebhookOptions,
): Promise<ConsoleEvent<Data>> {
  const id = header(headers, WEBHOOK_HEADERS.id);
  const timestamp = header(headers, WEBHOOK_HEADERS.timestamp);
  const signatures = header(headers, WEBHOOK_HEADERS.signature);
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missingHeaders');
  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('invalidTimestamp');
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const now = (options.now ?? Date.now)();
  const timestampSeconds = Number(timestamp);
  if (Math.abs(now / 1000 - timestampSeconds) > tolerance) throw new WebhookVerificationError('timestampOutOfTolerance');

  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  const expected = secrets.map((secret) => signWebhook(secret, id, timestampSeconds, text));
  const presented = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice('v1,'.length));
  if (!presented.some((signature) => expected.some((candidate) => sameSignature(candidate, signature)))) {
    throw new WebhookVerificationError('invalidSignature');
  }

  // Remembered until the timestamp falls out of the tolerance (and a margin for clocks).
  const ttlMs = (timestampSeconds + 2 * tolerance) * 1000 - now;
  if (!(await (options.replayStore ?? defaultReplayStore).remember(id, ttlMs))) throw new WebhookVerificationError('replayed');

  let event: ConsoleEvent<Data>;
  try {
    event = JSON.parse(text) as ConsoleEvent<Data>;
  } catch {
    throw new WebhookVerificationError('invalidBody');
  }
  return event;
}
