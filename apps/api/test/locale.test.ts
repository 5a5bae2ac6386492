import { ERROR_MESSAGES, ERROR_MESSAGES_EN, INVITATION_LIFETIME_SECONDS, PRODUCT_ERROR_NAME, buildInvitationUrl, type Locale } from '@console/domain';
import { DataSource } from 'typeorm';
import { MAIL_LANGUAGE_SEPARATOR } from '../src/modules/mail/mail-format';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import { formatJst } from '../src/modules/mail/mail-format';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  uniqueEmail,
  type AccountBody,
  type Caller,
  type ErrorBodyShape,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, signUpUser, startApi, type TestApi } from './support/harness';

describe('the language of an account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('is Japanese for an account created without one, and the language chosen before signing up otherwise', async () => {
    const japanese = await createCaller(api);
    expect(japanese.account.locale).toBe('ja');

    const user = await signUpUser();
    const created = await call<AccountBody>(api, '/account/create', { locale: 'en' }, user.idToken);
    expect(created.status).toBe(200);
    expect(created.body.locale).toBe('en');
    expect((await call<AccountBody>(api, '/account/get', undefined, user.idToken)).body.locale).toBe('en');
    const [event] = await api.app
      .get(DataSource)
      .query<{ changes: Record<string, unknown> }[]>(`SELECT changes FROM audit_events WHERE action = 'account.create' AND target_id = $1`, [created.body.id]);
    expect(event?.changes).toMatchObject({ locale: { before: null, after: 'en' } });
  });

  it('refuses to create an account with a language other than ja or en, and creates none', async () => {
    const user = await signUpUser();
    const refused = await call<ErrorBodyShape>(api, '/account/create', { locale: 'fr' }, user.idToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED' });
    expect((await call(api, '/account/get', undefined, user.idToken)).body).toBeNull();
  });

  it('is changed by /account/update, kept by updates that leave it out, and recorded in the audit log', async () => {
    const caller = await createCaller(api);
    const updated = await call<AccountBody>(api, '/account/update', { locale: 'en' }, caller.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: caller.id, locale: 'en', name: null });
    const renamed = await call<AccountBody>(api, '/account/update', { name: '表示名' }, caller.token);
    expect(renamed.body).toMatchObject({ locale: 'en', name: '表示名' });
    expect((await call<AccountBody>(api, '/account/get', undefined, caller.token)).body.locale).toBe('en');
    const back = await call<AccountBody>(api, '/account/update', { locale: 'ja' }, caller.token);
    expect(back.body.locale).toBe('ja');

    const events = await api.app
      .get(DataSource)
      .query<{ changes: Record<string, unknown> }[]>(
        `SELECT changes FROM audit_events WHERE action = 'account.update' AND target_id = $1 ORDER BY occurred_at, id`,
        [caller.id],
      );
    expect(events.map((e) => e.changes)).toEqual([
      { locale: { before: 'ja', after: 'en' } },
      { name: { before: null, after: '表示名' } },
      { locale: { before: 'en', after: 'ja' } },
    ]);
  });

  it.each<[string, unknown]>([
    ['an unknown language', 'fr'],
    ['an upper-case code', 'EN'],
    ['a regional tag', 'en-US'],
    ['an empty string', ''],
    ['null', null],
    ['a number', 1],
    ['an array', ['en']],
  ])('refuses %s with VALIDATION_FAILED and keeps the language', async (_label, locale) => {
    const caller = await createCaller(api);
    const refused = await call<ErrorBodyShape>(api, '/account/update', { locale }, caller.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'locale must be one of the following values: ja, en' });
    expect((await call<AccountBody>(api, '/account/get', undefined, caller.token)).body.locale).toBe('ja');
  });
});

describe('error messages in the language of the request', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;
  let admin: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    org = await createOrganizationWithProjects(api, '言語テスト組織', 1);
    admin = await createCaller(api);
    await addOrganizationMember(api, admin.id, org, 'admin');
  });
  afterAll(async () => {
    await api.close();
  });

  const lang = (value: string): Record<string, string> => ({ 'accept-language': value });

  it.each<[string, string | undefined, Locale]>([
    ['no Accept-Language', undefined, 'ja'],
    ['ja', 'ja', 'ja'],
    ['en', 'en', 'en'],
    ['en-US with fallbacks', 'en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['Japanese preferred over English', 'ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['a language the console does not speak', 'fr-FR,fr;q=0.9', 'ja'],
  ])('answers %s in the right language (UNAUTHENTICATED)', async (_label, header, locale) => {
    const refused = await call<ErrorBodyShape>(api, '/account/get', undefined, undefined, header === undefined ? {} : lang(header));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      name: PRODUCT_ERROR_NAME,
      errorCode: 'UNAUTHENTICATED',
      message: locale === 'en' ? 'Please sign in' : 'ログインしてください',
    });
  });

  it('translates the catalogue messages of domain errors and of unknown paths', async () => {
    const emptyName = { organizationId: org.organization.id, updateProps: { name: '' } };
    const ja = await call<ErrorBodyShape>(api, '/organization/update', emptyName, admin.token);
    const en = await call<ErrorBodyShape>(api, '/organization/update', emptyName, admin.token, lang('en'));
    expect([ja.status, en.status]).toEqual([400, 400]);
    expect(ja.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode: 'NAME_REQUIRED', message: ERROR_MESSAGES.NAME_REQUIRED });
    expect(en.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode: 'NAME_REQUIRED', message: ERROR_MESSAGES_EN.NAME_REQUIRED });
    expect(en.body.message).toBe('Enter a name');

    const self = { accountId: admin.id, props: { organizationId: org.organization.id, roleId: org.memberRole.id } };
    const ownRole = await call<ErrorBodyShape>(api, '/account/assignOrganizationRole', self, admin.token, lang('en'));
    expect(ownRole.body).toMatchObject({ errorCode: 'CANNOT_CHANGE_OWN_ROLE', message: 'You cannot change your own role' });

    expect((await call<ErrorBodyShape>(api, '/account/nope', {}, undefined, lang('en'))).body).toEqual({
      name: PRODUCT_ERROR_NAME,
      errorCode: 'NOT_FOUND',
      message: 'Not found',
    });
    expect((await call<ErrorBodyShape>(api, '/account/nope', {})).body).toEqual({
      name: PRODUCT_ERROR_NAME,
      errorCode: 'NOT_FOUND',
      message: '見つかりません',
    });
  });

  it('keeps the value in a message with a parameter (INVALID_ID) and the detail of a validation message', async () => {
    for (const header of [{}, lang('en')]) {
      const invalidId = await call<ErrorBodyShape>(api, '/organization/get', { organizationId: 'bad id!' }, admin.token, header);
      expect(invalidId).toMatchObject({ status: 400, body: { name: PRODUCT_ERROR_NAME, errorCode: 'INVALID_ID', message: 'Invalid id: bad id!' } });
      const unknownField = await call<ErrorBodyShape>(api, '/organization/get', { organizationId: org.organization.id, extra: 1 }, admin.token, header);
      expect(unknownField).toMatchObject({
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'property extra should not exist' },
      });
    }
  });
});

describe('the invitation e-mail', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    org = await createOrganizationWithProjects(api, 'Acme & 言語', 1);
  });
  afterAll(async () => {
    await api.close();
  });

  async function inviter(locale: Locale, name: string | null): Promise<Caller> {
    const caller = await createCaller(api);
    await addOrganizationMember(api, caller.id, org, 'admin');
    const updated = await call<AccountBody>(api, '/account/update', { locale, name }, caller.token);
    expect(updated.body).toMatchObject({ locale, name });
    return caller;
  }

  /** The one e-mail queued for a fresh invitation by the caller, and what both languages must say. */
  async function invite(caller: Caller) {
    const to = uniqueEmail('invitee');
    const result = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: org.organization.id, emails: [to], props: { roleId: org.memberRole.id, projects: [] } },
      caller.token,
    );
    const invitation = result.body[0]?.invitation;
    if (!invitation) throw new Error(`no invitation: ${JSON.stringify(result.body)}`);
    const rows = await api.app.get(EmailOutboxRepository).findByReference('invitation', invitation.id);
    expect(rows).toHaveLength(1);
    const expiresAt = new Date(new Date(invitation.createdAt).getTime() + INVITATION_LIFETIME_SECONDS * 1000);
    return { mail: rows[0]!, to, url: buildInvitationUrl(api.config.appOrigin, invitation.id), expiresAt };
  }

  it('is written in Japanese first, with the English text below, when the inviter uses Japanese', async () => {
    const caller = await inviter('ja', '山田');
    const { mail, to, url, expiresAt } = await invite(caller);
    const email = caller.user.email;
    expect(mail.subject).toBe(`【${org.organization.name}】組織への招待が届いています`);
    const japanese = [
      `${to} 様`,
      '',
      `山田（${email}） さんから、組織「${org.organization.name}」への招待が届いています。`,
      '以下のURLを開いて、アカウントを登録（またはログイン）し、招待を承諾してください。',
      '',
      url,
      '',
      `招待の有効期限: ${formatJst(expiresAt, 'ja')}`,
      '',
      'このメールに心当たりがない場合は、破棄してください。',
      '※このメールは送信専用のアドレスから送信されています。',
    ].join('\n');
    expect(mail.textBody.startsWith(`${japanese}\n\n${MAIL_LANGUAGE_SEPARATOR}\n\nHello ${to},\n`)).toBe(true);
    expect(mail.textBody).toContain(`山田 (${email}) has invited you to the organization "${org.organization.name}".`);
    expect(mail.textBody.endsWith('This e-mail was sent from a send-only address.')).toBe(true);
    expect(formatJst(expiresAt, 'ja')).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（日本時間）$/);

    expect(mail.htmlBody).toContain('<html lang="ja">');
    expect(mail.htmlBody.indexOf('<div lang="ja">')).toBeLessThan(mail.htmlBody.indexOf('<div lang="en">'));
    expect(mail.htmlBody).toContain('組織「Acme &amp; 言語」への招待が届いています。');
    expect(mail.htmlBody).toContain('招待を確認する</a>');
    expect(mail.htmlBody).toContain('View the invitation</a>');
    expect(mail.htmlBody.split(`href="${url}"`)).toHaveLength(5);
  });

  it('is written in English first, with the unchanged Japanese text below, when the inviter uses English', async () => {
    const caller = await inviter('en', null);
    const { mail, to, url, expiresAt } = await invite(caller);
    const email = caller.user.email;
    expect(mail.subject).toBe(`[${org.organization.name}] You have been invited to an organization`);
    const english = [
      `Hello ${to},`,
      '',
      `${email} has invited you to the organization "${org.organization.name}".`,
      'Open the URL below, sign up (or sign in), and accept the invitation.',
      '',
      url,
      '',
      `The invitation expires: ${formatJst(expiresAt, 'en')}`,
      '',
      'If you did not expect this e-mail, please discard it.',
      'This e-mail was sent from a send-only address.',
    ].join('\n');
    expect(mail.textBody.startsWith(`${english}\n\n${MAIL_LANGUAGE_SEPARATOR}\n\n${to} 様\n`)).toBe(true);
    expect(mail.textBody).toContain(`${email} さんから、組織「${org.organization.name}」への招待が届いています。`);
    expect(mail.textBody.endsWith('※このメールは送信専用のアドレスから送信されています。')).toBe(true);
    expect(formatJst(expiresAt, 'en')).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} \d{2}:\d{2} \(JST\)$/,
    );

    expect(mail.htmlBody).toContain('<html lang="en">');
    expect(mail.htmlBody.indexOf('<div lang="en">')).toBeLessThan(mail.htmlBody.indexOf('<div lang="ja">'));
    expect(mail.htmlBody).toContain('has invited you to the organization "Acme &amp; 言語".');
  });
});

describe('formatJst', () => {
  it('writes the same instant in Japan time in both languages', () => {
    const instant = new Date('2025-11-29T06:04:00Z');
    expect(formatJst(instant, 'ja')).toBe('2025年11月29日 15:04（日本時間）');
    expect(formatJst(instant, 'en')).toBe('November 29, 2025 15:04 (JST)');
    expect(formatJst(new Date('2025-12-31T15:00:00Z'), 'en')).toBe('January 1, 2026 00:00 (JST)');
  });
});
