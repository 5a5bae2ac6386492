import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, ERROR_MESSAGES, ERROR_MESSAGES_EN, ErrorCodes } from '@console/domain';
import { formatOccurredAt } from '@/features/audit-log/audit-format';
import { apiErrorFromBody } from '@/lib/api-error';
import { chooseLocale, currentLocale, i18n } from '@/lib/i18n';
import { en } from '@/locales/en';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ja } from '@/locales/ja';
import * as account from '@/locales/ja/account';
import * as auditLog from '@/locales/ja/audit-log';
import * as domains from '@/locales/ja/domains';
import * as memberCsv from '@/locales/ja/member-csv';
import * as systemAdmin from '@/locales/ja/system-admin';
import * as organizationDeletion from '@/locales/ja/organization-deletion';
import * as organizationExport from '@/locales/ja/organization-export';
import * as serviceCredentials from '@/locales/ja/service-credentials';
import * as joinRequests from '@/locales/ja/join-requests';
import * as domainJoin from '@/locales/ja/domain-join';
import * as webhooks from '@/locales/ja/webhooks';
import * as sso from '@/locales/ja/sso';

/** Every text of a catalogue by its dotted key. */
function leaves(value: unknown, path: string[] = []): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return new Map([[path.join('.'), value]]);
  return new Map(Object.entries(value).flatMap(([k, v]) => [...leaves(v, [...path, k])]));
}

/** The interpolated variables of a text: '{{count, number}}人' → ['count']. */
function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The modules of the Japanese texts loaded on demand (src/locales/ja/), by file name. */
const ON_DEMAND = {
  account,
  'audit-log': auditLog,
  domains,
  'member-csv': memberCsv,
  'system-admin': systemAdmin,
  'organization-deletion': organizationDeletion,
  'organization-export': organizationExport,
  'service-credentials': serviceCredentials,
  'join-requests': joinRequests,
  'domain-join': domainJoin,
  webhooks,
  sso,
};
const jaTexts = leaves({ ...ja, ...Object.assign({}, ...Object.values(ON_DEMAND)) });
const enTexts = leaves(en);

describe('catalogues', () => {
  it('has a non-empty text for every key in both languages', () => {
    for (const [key, value] of [...jaTexts, ...enTexts]) expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
  });

  it('has every key in both languages; a plural has the forms of each language (ja: other, en: one and other)', () => {
    const base = (key: string) => key.replace(PLURAL, '');
    expect([...new Set([...enTexts.keys()].map(base))].sort()).toEqual([...new Set([...jaTexts.keys()].map(base))].sort());
    for (const key of jaTexts.keys()) {
      if (!PLURAL.test(key)) expect([key, enTexts.has(key)]).toEqual([key, true]);
      else expect([key, key.endsWith('_other'), enTexts.has(key), enTexts.has(key.replace(/_other$/, '_one'))]).toEqual([key, true, true, true]);
    }
    for (const key of enTexts.keys()) if (PLURAL.test(key)) expect([key, /_(one|other)$/.test(key)]).toEqual([key, true]);
  });

  it('interpolates the same variables in both languages', () => {
    for (const [key, text] of enTexts) {
      const jaKey = jaTexts.has(key) ? key : key.replace(/_one$/, '_other');
      expect([key, variables(String(text))]).toEqual([key, variables(String(jaTexts.get(jaKey)))]);
    }
  });

  it('has the message of every error code of the API in both languages (the domain catalogues)', () => {
    expect(Object.keys(ja.errors).sort()).toEqual(Object.values(ErrorCodes).sort());
    expect(en.errors).toEqual(ERROR_MESSAGES_EN);
    expect(ja.errors).toEqual(ERROR_MESSAGES);
  });

  it("keeps the spec's Japanese texts verbatim", () => {
    expect(ja.app.loading).toBe('読み込み中...');
    expect(ja.login.failed).toBe('ログインできませんでした');
    expect(ja.signUp.succeeded).toBe('アカウントを登録しました');
    expect(ja.signUp.failed).toBe('アカウントが登録できませんでした');
    expect(ja.auth.invalidEmail).toBe('メールアドレスを正しく入力してください');
    expect(ja.auth.passwordHint).toBe('半角英数字・記号で8文字以上を入力してください');
    expect(ja.resetPassword.succeeded).toBe('パスワードを変更しました');
    expect(ja.forgotPassword.failed).toBe('パスワードの再設定メールを送信できませんでした');
    expect(ja.invitation.invalid).toBe('招待が無効です');
    expect(ja.invitation.accepted).toBe('招待を承諾しました');
    expect(ja.projectLayout.noProducts).toBe('プロダクトがありません');
    expect(ja.logout.succeeded).toBe('ログアウトしました');
  });

  it('labels the audit actions in Japanese as the CSV export does', () => {
    const actions = leaves(auditLog.auditLog.actions);
    for (const action of AUDIT_ACTIONS) expect([action, actions.get(action)]).toEqual([action, AUDIT_ACTION_LABELS[action]]);
    expect([...actions.keys()].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

/** Every source file of the app, relative to src/. */
function sourceFiles(dir = join(__dirname, '..', '..', 'src'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : /\.tsx?$/.test(entry.name) ? [`${prefix}${entry.name}`] : [],
  );
}

describe('Japanese texts loaded on demand (src/locales/ja/)', () => {
  const files = sourceFiles().filter((file) => !file.startsWith('locales/') && !file.endsWith('.d.ts'));

  it.each(Object.entries(ON_DEMAND))('%s: every file that names one of its texts imports it, so they are there before it renders', (name, module) => {
    const sections = Object.keys(module);
    const naming = new RegExp(`['"\`](?:${sections.join('|')})\\.[A-Za-z]`);
    const users = files.filter((file) => naming.test(readFileSync(join(__dirname, '..', '..', 'src', file), 'utf8')));
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) {
      const source = readFileSync(join(__dirname, '..', '..', 'src', file), 'utf8');
      expect([file, source.includes(`import '@/locales/ja/${name}';`)]).toEqual([file, true]);
    }
  });

  it('are not in the catalogue of the first page', () => {
    for (const module of Object.values(ON_DEMAND)) for (const section of Object.keys(module)) expect([section, section in ja]).toEqual([section, false]);
  });
});

describe('language of the console', () => {
  afterEach(async () => {
    await chooseLocale('ja');
  });

  it('is Japanese by default, with interpolation and plurals', () => {
    expect(currentLocale()).toBe('ja');
    expect(i18n.t('invite.title', { projectName: 'Alpha' })).toBe('Alphaにメンバーを招待');
    expect(i18n.t('memberTable.count', { count: 1 })).toBe('1人のメンバー');
    expect(i18n.t('memberTable.count', { count: 1200 })).toBe('1,200人のメンバー');
  });

  it('switches to English: its catalogue loads, plurals take the English forms, dates and error messages follow', async () => {
    await chooseLocale('en');
    expect(currentLocale()).toBe('en');
    expect(i18n.t('invite.title', { projectName: 'Alpha' })).toBe('Invite members to Alpha');
    expect(i18n.t('memberTable.count', { count: 1 })).toBe('1 member');
    expect(i18n.t('memberTable.count', { count: 1200 })).toBe('1,200 members');
    expect(formatOccurredAt('2026-01-02T03:04:05.000Z', 'UTC')).toBe('01/02/2026, 03:04:05');
    // A Japanese answer (sent before the switch) reads in English; the English text is the domain's.
    expect(apiErrorFromBody(400, { name: 'ConsoleError', errorCode: ErrorCodes.NAME_REQUIRED, message: ERROR_MESSAGES.NAME_REQUIRED }).message).toBe(
      ERROR_MESSAGES_EN.NAME_REQUIRED,
    );
  });

  it('shows a catalogue message in Japanese and keeps any other message as the API sent it', () => {
    expect(apiErrorFromBody(400, { name: 'ConsoleError', errorCode: ErrorCodes.VALIDATION_FAILED, message: 'name must be a string' }).message).toBe(
      'name must be a string',
    );
    expect(apiErrorFromBody(400, { name: 'ConsoleError', errorCode: ErrorCodes.NAME_REQUIRED, message: ERROR_MESSAGES_EN.NAME_REQUIRED }).message).toBe(
      ERROR_MESSAGES.NAME_REQUIRED,
    );
  });
});
