import { EntityColumns, integer, number, record, text, type Statement } from '../../database/typed-sql';
import { InvitationEntity } from '../invitation/invitation.entity';
import { EmailOutboxEntity } from './email-outbox.entity';

/** The raw statements of the e-mail outbox (docs/architecture.md#repositories-and-sql). */

const OUTBOX = new EntityColumns(EmailOutboxEntity, 'o', [
  'id',
  'kind',
  'referenceId',
  'status',
  'attempts',
  'nextAttemptAt',
  'lockedBy',
  'lockedUntil',
  'lastError',
  'createdAt',
]);
/** The columns of a message that its delivery reads. */
const DELIVERY = new EntityColumns(EmailOutboxEntity, 'o', ['id', 'kind', 'referenceId', 'toEmail', 'subject', 'textBody', 'htmlBody', 'attempts']);
const LATEST = new EntityColumns(EmailOutboxEntity, 'o', ['referenceId', 'status']);
const INVITATION = new EntityColumns(InvitationEntity, 'i', ['id', 'acceptedAt', 'cancelledAt', 'createdAt', 'expiredIn']);
const INVITATION_ID = new EntityColumns(InvitationEntity, 'i', ['id']);
const set = (property: Parameters<typeof OUTBOX.column>[0], value: string): string => `${OUTBOX.column(property)} = ${value}`;

/** A message claimed by a worker, with the attempt number this delivery is. */
export type ClaimedMessage = Pick<EmailOutboxEntity, 'id' | 'kind' | 'referenceId' | 'toEmail' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'>;
export const decodeClaimed = record<ClaimedMessage>(DELIVERY.fields);

/** The SQL of now + the parameter in milliseconds. */
const afterMs = (parameter: string): string => `now() + (${parameter} * interval '1 millisecond')`;

/**
 * Claims up to `limit` due messages for `workerId`: rows locked by another claim are skipped (FOR
 * UPDATE SKIP LOCKED), and a claimed row is leased until now + leaseMs.
 */
export function claimDue(workerId: string, limit: number, leaseMs: number): Statement {
  return {
    text: `WITH due AS (
         SELECT ${OUTBOX.sql('id')} FROM email_outbox o WHERE ${OUTBOX.sql('status')} IN ('pending', 'sending') AND ${OUTBOX.sql('nextAttemptAt')} <= now()
         ORDER BY ${OUTBOX.sql('nextAttemptAt')} LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE email_outbox o
       SET ${set('status', `'sending'`)}, ${set('attempts', `${OUTBOX.sql('attempts')} + 1`)}, ${set('lockedBy', '$1')},
           ${set('lockedUntil', afterMs('$3'))}, ${set('nextAttemptAt', afterMs('$3'))}
       FROM due WHERE ${OUTBOX.sql('id')} = due.id
       RETURNING ${DELIVERY.select()}`,
    values: [workerId, limit, leaseMs],
  };
}

/** Hands claimed messages back, due now, the attempt not counted. */
export function release(ids: readonly string[], workerId: string): Statement {
  return {
    text: `UPDATE email_outbox o
       SET ${set('status', `'pending'`)}, ${set('attempts', `${OUTBOX.sql('attempts')} - 1`)}, ${set('lockedBy', 'NULL')}, ${set('lockedUntil', 'NULL')}, ${set('nextAttemptAt', 'now()')}
       WHERE ${OUTBOX.sql('id')} = ANY($1::uuid[]) AND ${OUTBOX.sql('lockedBy')} = $2 AND ${OUTBOX.sql('status')} = 'sending'`,
    values: [ids, workerId],
  };
}

/** The invitation, when it is neither accepted, cancelled nor expired. */
export function pendingInvitation(invitationId: string): Statement {
  return {
    text: `SELECT ${INVITATION_ID.select()} FROM invitations i
       WHERE ${INVITATION.sql('id')} = $1 AND ${INVITATION.sql('acceptedAt')} IS NULL AND ${INVITATION.sql('cancelledAt')} IS NULL
         AND ${INVITATION.sql('createdAt')} + ${INVITATION.sql('expiredIn')} * interval '1 second' > now()`,
    values: [invitationId],
  };
}
export const decodeInvitationId = record(INVITATION_ID.fields);

/** The status of the latest message of `kind` about each of the references. */
export function latestStatuses(kind: string, referenceIds: readonly string[]): Statement {
  return {
    text: `SELECT DISTINCT ON (${OUTBOX.sql('referenceId')}) ${LATEST.select()} FROM email_outbox o
       WHERE ${OUTBOX.sql('kind')} = $1 AND ${OUTBOX.sql('referenceId')} = ANY($2::varchar[])
       ORDER BY ${OUTBOX.sql('referenceId')}, ${OUTBOX.sql('createdAt')} DESC`,
    values: [kind, referenceIds],
  };
}
export const decodeLatestStatus = record(LATEST.fields);

/** The number of messages waiting for delivery and how long the oldest has waited since it was queued. */
export const BACKLOG: Statement = {
  text: `SELECT count(*)::int AS pending, COALESCE(EXTRACT(EPOCH FROM now() - min(${OUTBOX.sql('createdAt')})), 0)::float8 AS oldest_age_seconds
     FROM email_outbox o WHERE ${OUTBOX.sql('status')} IN ('pending', 'sending')`,
};
export const decodeBacklog = record<{ pending: number; oldest_age_seconds: number }>({ pending: integer, oldest_age_seconds: number });

/**
 * Queues the messages again, due now with a fresh count of attempts, but those being sent; each
 * with its status before. A SELECT (the CTE), so that the driver hands back the rows whatever the command.
 */
export function requeue(ids: readonly string[]): Statement {
  return {
    text: `WITH requeued AS (
         UPDATE email_outbox o
         SET ${set('status', `'pending'`)}, ${set('attempts', '0')}, ${set('nextAttemptAt', 'now()')}, ${set('lockedBy', 'NULL')}, ${set('lockedUntil', 'NULL')}, ${set('lastError', 'NULL')}
         FROM (SELECT ${OUTBOX.sql('id')}, ${OUTBOX.sql('status')} FROM email_outbox o WHERE ${OUTBOX.sql('id')} = ANY($1::uuid[]) AND ${OUTBOX.sql('status')} <> 'sending' FOR UPDATE) previous
         WHERE ${OUTBOX.sql('id')} = previous.${OUTBOX.column('id')} AND ${OUTBOX.sql('status')} <> 'sending'
         RETURNING ${OUTBOX.sql('id')} AS id, previous.${OUTBOX.column('status')} AS "previousStatus")
       SELECT id, "previousStatus" FROM requeued ORDER BY id`,
    values: [ids],
  };
}
export const decodeRequeued = record<{ id: string; previousStatus: string }>({ id: text, previousStatus: text });
