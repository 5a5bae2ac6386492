import { randomBytes } from 'node:crypto';
import { MemoryReplayStore, signWebhook, verifyWebhook, WebhookVerificationError, type WebhookFailure } from '../src/webhook';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
const NOW_MS = 1_795_651_200_000;
const now = () => NOW_MS;

function delivery(overrides: { id?: string; timestamp?: number; body?: string; signature?: string } = {}) {
  const id = overrides.id ?? `evt_${randomBytes(8).toString('hex')}`;
  const timestamp = overrides.timestamp ?? NOW_MS / 1000;
  const body = overrides.body ?? JSON.stringify({ id, type: 'membership.removed', timestamp: new Date(NOW_MS).toISOString(), data: { accountId: 'a1' } });
  const signature = overrides.signature ?? `v1,${signWebhook(secret, id, timestamp, body)}`;
  return { id, body, headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature } };
}

async function refusal(promise: Promise<unknown>): Promise<WebhookFailure | 'accepted'> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyWebhook', () => {
  it('accepts a valid delivery and answers its event', async () => {
    const { id, body, headers } = delivery();
    const event = await verifyWebhook(body, headers, { secret, now, replayStore: new MemoryReplayStore() });
    expect(event).toEqual({ id, type: 'membership.removed', timestamp: new Date(NOW_MS).toISOString(), data: { accountId: 'a1' } });
  });

  it('accepts the body as bytes and the headers as a Headers object', async () => {
    const { id, body, headers } = delivery();
    const event = await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), { secret, now, replayStore: new MemoryReplayStore() });
    expect(event.id).toBe(id);
  });

  it('refuses a tampered body, id or timestamp, and a signature under another secret', async () => {
    const options = { secret, now, replayStore: new MemoryReplayStore() };
    const valid = delivery();
    expect(await refusal(verifyWebhook(valid.body.replace('a1', 'a2'), valid.headers, options))).toBe('invalidSignature');
    expect(await refusal(verifyWebhook(valid.body, { ...valid.headers, 'webhook-id': 'evt_other' }, options))).toBe('invalidSignature');
    expect(await refusal(verifyWebhook(valid.body, { ...valid.headers, 'webhook-timestamp': String(NOW_MS / 1000 - 1) }, options))).toBe('invalidSignature');
    const foreign = delivery({ signature: '' });
    const forged = `v1,${signWebhook(otherSecret, foreign.id, NOW_MS / 1000, foreign.body)}`;
    expect(await refusal(verifyWebhook(foreign.body, { ...foreign.headers, 'webhook-signature': forged }, options))).toBe('invalidSignature');
    expect(await refusal(verifyWebhook(foreign.body, { ...foreign.headers, 'webhook-signature': 'v1,c2hvcnQ=' }, options))).toBe('invalidSignature');
    // The signature's scheme must be v1.
    const unversioned = valid.headers['webhook-signature'].replace('v1,', 'v2,');
    expect(await refusal(verifyWebhook(valid.body, { ...valid.headers, 'webhook-signature': unversioned }, options))).toBe('invalidSignature');
    // None of these was remembered: the genuine delivery still goes through.
    expect(await refusal(verifyWebhook(valid.body, valid.headers, options))).toBe('accepted');
  });

  it('refuses a timestamp more than 5 minutes from now either way, or not a number', async () => {
    const options = { secret, now, replayStore: new MemoryReplayStore() };
    const seconds = NOW_MS / 1000;
    const old = delivery({ timestamp: seconds - 301 });
    expect(await refusal(verifyWebhook(old.body, old.headers, options))).toBe('timestampOutOfTolerance');
    const future = delivery({ timestamp: seconds + 301 });
    expect(await refusal(verifyWebhook(future.body, future.headers, options))).toBe('timestampOutOfTolerance');
    const edge = delivery({ timestamp: seconds - 300 });
    expect(await refusal(verifyWebhook(edge.body, edge.headers, options))).toBe('accepted');
    const narrower = delivery({ timestamp: seconds - 60 });
    expect(await refusal(verifyWebhook(narrower.body, narrower.headers, { ...options, toleranceSeconds: 30 }))).toBe('timestampOutOfTolerance');
    const valid = delivery();
    expect(await refusal(verifyWebhook(valid.body, { ...valid.headers, 'webhook-timestamp': '2026-11-26T00:00:00Z' }, options))).toBe('invalidTimestamp');
    expect(await refusal(verifyWebhook(valid.body, { 'webhook-id': valid.id }, options))).toBe('missingHeaders');
  });

  it('refuses a replayed id, also under a new signature, until the id is forgotten', async () => {
    let clock = NOW_MS;
    const replayStore = new MemoryReplayStore(100, () => clock);
    const options = { secret, now: () => clock, replayStore };
    const first = delivery();
    expect(await refusal(verifyWebhook(first.body, first.headers, options))).toBe('accepted');
    expect(await refusal(verifyWebhook(first.body, first.headers, options))).toBe('replayed');
    // The same event delivered again later (a retry of the console) is signed anew: still the same id.
    clock += 60_000;
    const again = delivery({ id: first.id, body: first.body, timestamp: clock / 1000 });
    expect(await refusal(verifyWebhook(again.body, again.headers, options))).toBe('replayed');
    const other = delivery();
    expect(await refusal(verifyWebhook(other.body, other.headers, options))).toBe('accepted');
    // Once its first timestamp is out of the tolerance (plus as much again), the id is forgotten.
    clock += 600_000;
    const late = delivery({ id: first.id, body: first.body, timestamp: clock / 1000 });
    expect(await refusal(verifyWebhook(late.body, late.headers, options))).toBe('accepted');
  });

  it('accepts a header of several signatures when one of them matches, and a secret being rotated', async () => {
    const options = { secret, now, replayStore: new MemoryReplayStore() };
    const { id, body, headers } = delivery();
    const stale = `v1,${signWebhook(otherSecret, id, NOW_MS / 1000, body)}`;
    const several = `${stale} v1a,${randomBytes(32).toString('base64')} ${headers['webhook-signature']}`;
    expect(await refusal(verifyWebhook(body, { ...headers, 'webhook-signature': several }, options))).toBe('accepted');

    const rotated = delivery({ signature: '' });
    const underOld = `v1,${signWebhook(otherSecret, rotated.id, NOW_MS / 1000, rotated.body)}`;
    const headersUnderOld = { ...rotated.headers, 'webhook-signature': underOld };
    expect(await refusal(verifyWebhook(rotated.body, headersUnderOld, options))).toBe('invalidSignature');
    expect(await refusal(verifyWebhook(rotated.body, headersUnderOld, { ...options, secret: [secret, otherSecret] }))).toBe('accepted');
  });

  it('refuses a secret without the whsec_ prefix', async () => {
    const { body, headers } = delivery();
    await expect(verifyWebhook(body, headers, { secret: secret.slice('whsec_'.length), now })).rejects.toThrow('A webhook secret starts with whsec_');
  });
});

describe('MemoryReplayStore', () => {
  it('forgets an id after its time to live, and the oldest ids beyond its size', () => {
    let clock = 0;
    const store = new MemoryReplayStore(2, () => clock);
    expect(store.remember('a', 1000)).toBe(true);
    expect(store.remember('a', 1000)).toBe(false);
    clock = 1000;
    expect(store.remember('a', 1000)).toBe(true);
    expect(store.remember('b', 5000)).toBe(true);
    expect(store.remember('c', 5000)).toBe(true);
    // Full: 'a' (the oldest) went to make room for 'c'.
    expect(store.remember('a', 5000)).toBe(true);
    expect(store.remember('c', 5000)).toBe(false);
  });
});
