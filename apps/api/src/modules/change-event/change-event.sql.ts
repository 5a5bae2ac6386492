import { Keyset, keyTime, type ListWindow } from '../../common/http/paging-sql';
import { allColumns, bool, EntityColumns, integer, record, text, type Statement } from '../../database/typed-sql';
import { ServiceCredentialEntity } from '../service-credential/service-credential.entity';
import { ChangeEventEntity, WebhookDeliveryEntity, WebhookEndpointEntity } from './change-event.entity';

/** The raw statements of change events and their webhooks (docs/architecture.md#repositories-and-sql). */

const EVENT = new EntityColumns(ChangeEventEntity, 'e', ['id', 'seq', 'type', 'data', 'occurredAt']);
const ENDPOINT = new EntityColumns(WebhookEndpointEntity, 'p', ['id', 'credentialId', 'url', 'eventTypes', 'enabled', 'secret']);
const SUBSCRIBER = new EntityColumns(WebhookEndpointEntity, 'p', ['id', 'eventTypes']);
const CREDENTIAL = new EntityColumns(ServiceCredentialEntity, 'c', ['id', 'scopes', 'revokedAt']);
const DELIVERY = new EntityColumns(WebhookDeliveryEntity, 'd', ['id', 'eventId', 'endpointId', 'status', 'attempts', 'jobId', 'lastAttemptAt']);
const COUNTS = new EntityColumns(WebhookDeliveryEntity, 'd', ['endpointId', 'status']);
const setDelivery = (property: Parameters<typeof DELIVERY.column>[0], value: string): string => `${DELIVERY.column(property)} = ${value}`;

/** The endpoints that receive events now: enabled, of an active credential holding events:receive. */
export const SUBSCRIBED_ENDPOINTS: Statement = {
  text: `SELECT ${SUBSCRIBER.select()} FROM webhook_endpoints p JOIN service_credentials c ON ${CREDENTIAL.sql('id')} = ${ENDPOINT.sql('credentialId')}
     WHERE ${ENDPOINT.sql('enabled')} AND ${CREDENTIAL.sql('revokedAt')} IS NULL AND ${CREDENTIAL.sql('scopes')} @> '["events:receive"]'::jsonb`,
};
export const decodeSubscriber = record(SUBSCRIBER.fields);

/** A position in the pull API's order: the writing transaction's id (xid8 as text) and the event's seq. */
export interface EventPosition {
  txid: string;
  seq: string;
}

export type EventRow = Pick<ChangeEventEntity, 'id' | 'seq' | 'type' | 'data' | 'occurredAt'> & { txid: string };
export const decodeEventRow = record<EventRow>({ ...EVENT.fields, txid: text });

/**
 * Up to `limit` events after `after`, of `types` when given, in the pull API's order: by the
 * writing transaction's id, then by seq within it.
 *
 * Why not by seq alone: a sequence number is taken when the event is inserted, not when its
 * transaction commits, so under concurrency a transaction can commit an event with a seq lower
 * than that of an event a reader has already passed — a reader following seq would skip it for
 * good. Instead only the events of transactions older than every transaction still in flight are
 * read (`txid < pg_snapshot_xmin(pg_current_snapshot())`): those transactions have all ended, so
 * no event can appear any more before the last one read, and any event still to come has a txid at
 * least that xmin, after every event read. The order is that of the transactions' ids (assigned at
 * their first write), which matches commit order for changes that follow each other (the second
 * starts after the first commits); only overlapping transactions may come in another order. The
 * price is a visibility lag: an event is listed once every transaction that started writing
 * before its own has ended (normally milliseconds; a long transaction holds events back while it
 * runs).
 */
export function eventPage(after: EventPosition | null, limit: number, types: readonly string[] | null): Statement {
  return {
    text: `SELECT ${EVENT.select()}, e.txid::text AS txid FROM change_events e
       WHERE e.txid < pg_snapshot_xmin(pg_current_snapshot())
         AND ($1::xid8 IS NULL OR (e.txid, ${EVENT.sql('seq')}) > ($1::xid8, $2::bigint))
         AND ($3::varchar[] IS NULL OR ${EVENT.sql('type')} = ANY($3::varchar[]))
       ORDER BY e.txid, ${EVENT.sql('seq')} LIMIT $4`,
    values: [after?.txid ?? null, after?.seq ?? null, types, limit],
  };
}

/** A delivery as an attempt reads it: the event, and the endpoint's address, secret and state. */
export type ClaimedDelivery = Pick<WebhookDeliveryEntity, 'id' | 'attempts'> & {
  event: Pick<ChangeEventEntity, 'id' | 'type' | 'data' | 'occurredAt'>;
  endpoint: Pick<WebhookEndpointEntity, 'url' | 'secret' | 'enabled'> & { credentialRevoked: boolean };
};
const decodeClaimedRow = record({
  id: DELIVERY.fields.id,
  attempts: DELIVERY.fields.attempts,
  eventId: EVENT.fields.id,
  type: EVENT.fields.type,
  data: EVENT.fields.data,
  occurredAt: EVENT.fields.occurredAt,
  url: ENDPOINT.fields.url,
  secret: ENDPOINT.fields.secret,
  enabled: ENDPOINT.fields.enabled,
  credentialRevoked: bool,
});
export const decodeClaimed = (value: unknown): ClaimedDelivery => {
  const row = decodeClaimedRow(value);
  return {
    id: row.id,
    attempts: row.attempts,
    event: { id: row.eventId, type: row.type, data: row.data, occurredAt: row.occurredAt },
    endpoint: { url: row.url, secret: row.secret, enabled: row.enabled, credentialRevoked: row.credentialRevoked },
  };
};

/** Starts an attempt of job `jobId` at the delivery (counted, time recorded), with whether its endpoint's credential is revoked; nothing when it is done or another job's. */
export function startAttempt(id: string, jobId: string): Statement {
  return {
    text: `UPDATE webhook_deliveries d SET ${setDelivery('attempts', `${DELIVERY.sql('attempts')} + 1`)}, ${setDelivery('lastAttemptAt', 'now()')}
       FROM change_events e, webhook_endpoints p, service_credentials c
       WHERE ${CREDENTIAL.sql('id')} = ${ENDPOINT.sql('credentialId')} AND ${DELIVERY.sql('id')} = $1 AND ${DELIVERY.sql('jobId')} = $2 AND ${DELIVERY.sql('status')} = 'pending'
         AND ${EVENT.sql('id')} = ${DELIVERY.sql('eventId')} AND ${ENDPOINT.sql('id')} = ${DELIVERY.sql('endpointId')}
       RETURNING ${DELIVERY.sql('id')} AS "id", ${DELIVERY.sql('attempts')} AS "attempts", ${EVENT.sql('id')} AS "eventId", ${EVENT.sql('type')} AS "type",
         ${EVENT.sql('data')} AS "data", ${EVENT.sql('occurredAt')} AS "occurredAt", ${ENDPOINT.sql('url')} AS "url", ${ENDPOINT.sql('secret')} AS "secret",
         ${ENDPOINT.sql('enabled')} AS "enabled", ${CREDENTIAL.sql('revokedAt')} IS NOT NULL AS "credentialRevoked"`,
    values: [id, jobId],
  };
}

/** The number of deliveries of each endpoint by status. */
export function deliveryCounts(endpointIds: readonly string[]): Statement {
  return {
    text: `SELECT ${COUNTS.select()}, count(*)::int AS "count" FROM webhook_deliveries d
       WHERE ${DELIVERY.sql('endpointId')} = ANY($1::varchar[]) GROUP BY ${DELIVERY.sql('endpointId')}, ${DELIVERY.sql('status')}`,
    values: [endpointIds],
  };
}
export const decodeDeliveryCount = record({ ...COUNTS.fields, count: integer });

const DELIVERY_ROW = allColumns(WebhookDeliveryEntity, 'd');
const EVENT_TYPE = new EntityColumns(ChangeEventEntity, 'e', ['type']);

/** The order of an endpoint's deliveries: newest first. */
export const DELIVERY_KEYSET = new Keyset(
  [
    { sql: DELIVERY_ROW.sql('createdAt'), part: 'time' },
    { sql: DELIVERY.sql('id'), part: 'webhookDelivery' },
  ],
  'DESC',
);

/** A delivery with its event's type and its key in {@link DELIVERY_KEYSET}. */
export type DeliveryRow = WebhookDeliveryEntity & { eventType: ChangeEventEntity['type']; createdAtKey: string };
export const decodeDeliveryRow = record<DeliveryRow>({ ...DELIVERY_ROW.fields, eventType: EVENT_TYPE.fields.type, createdAtKey: text });

/** One page of the endpoint's deliveries (of `status` when given), newest first. */
export function deliveryPage(endpointId: string, status: string | null, window: ListWindow): Statement {
  return DELIVERY_KEYSET.pageQuery(window, {
    select: `${DELIVERY_ROW.select()}, ${EVENT_TYPE.sql('type')} AS "eventType", ${keyTime(DELIVERY_ROW.sql('createdAt'))} AS "createdAtKey"`,
    from: `webhook_deliveries d JOIN change_events e ON ${EVENT.sql('id')} = ${DELIVERY.sql('eventId')}`,
    search: [],
    where: (sql) => [
      `${DELIVERY.sql('endpointId')} = ${sql.param(endpointId)}`,
      ...(status === null ? [] : [`${DELIVERY.sql('status')} = ${sql.param(status)}`]),
    ],
  });
}
