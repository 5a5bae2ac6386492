import { createHmac, randomBytes } from 'node:crypto';

/** How an endpoint's secret starts (Standard Webhooks): `whsec_` + the base64 key. */
const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of a delivery of `body` (the event's envelope) signed with the
 * endpoint's secret: webhook-id (the event id), webhook-timestamp (unix seconds) and
 * webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's
 * base64-decoded key.
 */
export function webhookHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
