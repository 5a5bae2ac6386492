import { EntityColumns, integer, number, record, text, type Statement } from '../../database/typed-sql';
import { InvitationEntity } from '../invitation/invitation.entity';
import { isLiveOrganization } from '../organization/organization.sql';
import { EmailOutboxEntity } from './email-outbox.entity';

/** The raw statements of the e-mail outbox (docs/architecture.md#repositories-and-sql). */

const OUTBOX = new EntityColumns(EmailOutboxEntity, 'o', ['id', 'kind', 'referenceId', 'status', 'attempts', 'jobId', 'lastError', 'createdAt']);
/** The columns of a message that its delivery reads. */
const DELIVERY = new EntityColumns(EmailOutboxEntity, 'o', ['id', 'kind', 'referenceId', 'toEmail', 'subject', 'textBody', 'htmlBody', 'attempts']);
const LATEST = new EntityColumns(EmailOutboxEntity, 'o', ['referenceId', 'status']);
const WAITING = new EntityColumns(EmailOutboxEntity, 'o', ['id']);
const INVITATION = new EntityColumns(InvitationEntity, 'i', ['id', 'organizationId', 'acceptedAt', 'cancelledAt', 'createdAt', 'expiredIn']);
const INVITATION_ID = new EntityColumns(InvitationEntity, 'i', ['id']);
const set = (property: Parameters<typeof OUTBOX.column>[0], value: string): string => `${OUTBOX.column(property)} = ${value}`;

/** A message as an attempt to deliver it reads it, with the attempt number this one is. */
export type ClaimedMessage = Pick<EmailOutboxEntity, 'id' | 'kind' | 'referenceId' | 'toEmail' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'>;
export const decodeClaimed = record<ClaimedMessage>(DELIVERY.fields);

/**
 * Starts an attempt of job `jobId` at the message: counts it and marks the message being sent;
 * nothing when the message is sent, failed, or delivered by another job.
 */
export function startAttempt(id: string, jobId: string): Statement {
  return {
    text: `UPDATE email_outbox o SET ${set('status', `'sending'`)}, ${set('attempts', `${OUTBOX.sql('attempts')} + 1`)}
       WHERE ${OUTBOX.sql('id')} = $1 AND ${OUTBOX.sql('jobId')} = $2 AND ${OUTBOX.sql('status')} IN ('pending', 'sending')
       RETURNING ${DELIVERY.select()}`,
    values: [id, jobId],
  };
}

/** Messages waiting without a queue job (queued before the queue existed, or queued again), locked for the transaction, SKIP LOCKED. */
export function waitingWithoutJob(limit: number): Statement {
  return {
    text: `SELECT ${WAITING.select()} FROM email_outbox o WHERE ${OUTBOX.sql('jobId')} IS NULL AND ${OUTBOX.sql('status')} IN ('pending', 'sending')
       ORDER BY ${OUTBOX.sql('createdAt')} LIMIT $1 FOR UPDATE SKIP LOCKED`,
    values: [limit],
  };
}
export const decodeWaiting = record(WAITING.fields);

/** The invitation, when it is neither accepted, cancelled nor expired, and its organization is not deleted. */
export function pendingInvitation(invitationId: string): Statement {
  return {
    text: `SELECT ${INVITATION_ID.select()} FROM invitations i
       WHERE ${INVITATION.sql('id')} = $1 AND ${INVITATION.sql('acceptedAt')} IS NULL AND ${INVITATION.sql('cancelledAt')} IS NULL
         AND ${INVITATION.sql('createdAt')} + ${INVITATION.sql('expiredIn')} * interval '1 second' > now()
         AND ${isLiveOrganization(INVITATION.sql('organizationId'))}`,
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
 * Queues the messages again with a fresh count of attempts and no job yet (the caller adds one),
 * but those being sent; each with its status before. A SELECT (the CTE), so that the driver hands
 * back the rows whatever the command.
 */
export function requeue(ids: readonly string[]): Statement {
  return {
    text: `WITH requeued AS (
         UPDATE email_outbox o
         SET ${set('status', `'pending'`)}, ${set('attempts', '0')}, ${set('jobId', 'NULL')}, ${set('lastError', 'NULL')}
         FROM (SELECT ${OUTBOX.sql('id')}, ${OUTBOX.sql('status')} FROM email_outbox o WHERE ${OUTBOX.sql('id')} = ANY($1::uuid[]) AND ${OUTBOX.sql('status')} <> 'sending' FOR UPDATE) previous
         WHERE ${OUTBOX.sql('id')} = previous.${OUTBOX.column('id')} AND ${OUTBOX.sql('status')} <> 'sending'
         RETURNING ${OUTBOX.sql('id')} AS id, previous.${OUTBOX.column('status')} AS "previousStatus")
       SELECT id, "previousStatus" FROM requeued ORDER BY id`,
    values: [ids],
  };
}
export const decodeRequeued = record<{ id: string; previousStatus: string }>({ id: text, previousStatus: text });
