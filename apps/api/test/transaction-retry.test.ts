import { ERROR_MESSAGES } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TRANSACTION_ATTEMPTS, TransactionRetries } from '../src/database/transaction-retry';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
  type OrganizationFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/**
 * A transaction Postgres aborts for a concurrent one (deadlock 40P01, serialization failure 40001)
 * is run again whole at the transaction boundary, at most TRANSACTION_ATTEMPTS times; then the call
 * answers 409 CONFLICT. The failures are forced by a trigger on audit_events, the last write of a
 * call's transaction, for calls whose request id asks for them ('retry-<failures>-<sqlstate>-…'):
 * the attempts are counted in a sequence per request, which a rollback does not undo.
 */
describe('transactions aborted by Postgres for a concurrent one', () => {
  let api: TestApi;
  let db: DataSource;
  let organization: OrganizationFixture;
  let admin: Caller;
  let retries: TransactionRetries;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    retries = api.app.get(TransactionRetries);
    [organization, admin] = await Promise.all([createOrganization(api), createCaller(api)]);
    await addOrganizationMember(api, admin.id, organization, 'admin');
    await db.query(`CREATE FUNCTION fail_transactions_for_test() RETURNS trigger AS $$
      BEGIN
        IF NEW.request_id LIKE 'retry-%' AND nextval(quote_ident('attempts_' || NEW.request_id)::regclass) <= split_part(NEW.request_id, '-', 2)::int THEN
          RAISE EXCEPTION 'forced by the test' USING ERRCODE = split_part(NEW.request_id, '-', 3);
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.query(`CREATE TRIGGER fail_transactions_for_test BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION fail_transactions_for_test()`);
  });

  afterAll(async () => {
    await db.query(`DROP TRIGGER IF EXISTS fail_transactions_for_test ON audit_events`);
    await db.query(`DROP FUNCTION IF EXISTS fail_transactions_for_test()`);
    await api.close();
  });

  /** A request id whose transaction Postgres aborts `failures` times with `sqlState`. */
  async function failing(failures: number, sqlState: '40P01' | '40001'): Promise<string> {
    const id = `retry-${failures}-${sqlState}-${randomBytes(4).toString('hex')}`;
    await db.query(`CREATE SEQUENCE ${JSON.stringify(`attempts_${id}`)}`);
    return id;
  }

  async function attemptsOf(requestId: string): Promise<number> {
    const [row] = await db.query<{ last_value: string; is_called: boolean }[]>(`SELECT last_value, is_called FROM ${JSON.stringify(`attempts_${requestId}`)}`);
    return row!.is_called ? Number(row!.last_value) : 0;
  }

  async function member(): Promise<string> {
    const [account] = await insertAccounts(api, 1);
    await insertMemberships(api, [account!], organization);
    return account!.id;
  }

  async function roleOf(accountId: string): Promise<string> {
    const [row] = await db.query<{ role_id: string }[]>(`SELECT role_id FROM organization_memberships WHERE account_id = $1`, [accountId]);
    return row!.role_id;
  }

  const eventsOf = (requestId: string) => db.query<{ action: string }[]>(`SELECT action FROM audit_events WHERE request_id = $1`, [requestId]);
  const promote = (accountId: string, requestId: string, headers: Record<string, string> = {}) =>
    call(
      api,
      '/account/assignOrganizationRole',
      { accountId, props: { organizationId: organization.organization.id, roleId: organization.adminRole.id } },
      admin.token,
      { 'x-request-id': requestId, ...headers },
    );

  it.each(['40P01', '40001'] as const)('runs the whole transaction again after %s: one change, one audit event', async (sqlState) => {
    const accountId = await member();
    const requestId = await failing(TRANSACTION_ATTEMPTS - 1, sqlState);
    const before = retries.retried[sqlState] ?? 0;
    const response = await promote(accountId, requestId);
    expect(response.status).toBe(200);
    expect(await attemptsOf(requestId)).toBe(TRANSACTION_ATTEMPTS);
    expect((retries.retried[sqlState] ?? 0) - before).toBe(TRANSACTION_ATTEMPTS - 1);
    expect(await roleOf(accountId)).toBe(organization.adminRole.id);
    expect(await eventsOf(requestId)).toEqual([{ action: 'membership.assignOrganizationRole' }]);
  });

  it(`answers 409 CONFLICT after ${TRANSACTION_ATTEMPTS} aborted runs, and changes nothing`, async () => {
    const accountId = await member();
    const requestId = await failing(TRANSACTION_ATTEMPTS, '40P01');
    const exhausted = retries.exhausted;
    const response = await promote(accountId, requestId);
    expect(response).toMatchObject({ status: 409, body: { name: 'ConsoleError', errorCode: 'CONFLICT', message: ERROR_MESSAGES.CONFLICT } });
    expect(await attemptsOf(requestId)).toBe(TRANSACTION_ATTEMPTS);
    expect(retries.exhausted - exhausted).toBe(1);
    expect(await roleOf(accountId)).toBe(organization.memberRole.id);
    expect(await eventsOf(requestId)).toEqual([]);
  });

  it('keeps an Idempotency-Key once across the runs: one invitation, one e-mail, one event, and the retry of the call replays it', async () => {
    const email = uniqueEmail('retried');
    const key = `retried-${email}`;
    const invite = (requestId: string) =>
      call<InviteEntryBody[]>(
        api,
        '/organization/inviteMembers',
        { organizationId: organization.organization.id, emails: [email], props: { roleId: organization.memberRole.id, projects: [] } },
        admin.token,
        {
          'x-request-id': requestId,
          'Idempotency-Key': key,
        },
      );
    const requestId = await failing(TRANSACTION_ATTEMPTS - 1, '40001');
    const first = await invite(requestId);
    expect(first.status).toBe(200);
    expect(first.body[0]?.invitation).not.toBeNull();
    expect(await attemptsOf(requestId)).toBe(TRANSACTION_ATTEMPTS);
    const replay = await invite(`replay-${randomBytes(4).toString('hex')}`);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [counts] = await db.query<{ invitations: number; mails: number; keys: number }[]>(
      `SELECT (SELECT count(*)::int FROM invitations WHERE organization_id = $1 AND email = $2) AS invitations,
              (SELECT count(*)::int FROM email_outbox o JOIN invitations i ON o.kind = 'invitation' AND o.reference_id = i.id WHERE i.organization_id = $1 AND i.email = $2) AS mails,
              (SELECT count(*)::int FROM idempotency_keys WHERE key = $3 AND completed_at IS NOT NULL) AS keys`,
      [organization.organization.id, email, key],
    );
    expect(counts).toEqual({ invitations: 1, mails: 1, keys: 1 });
    expect(await eventsOf(requestId)).toEqual([{ action: 'invitation.create' }]);
  });
});
