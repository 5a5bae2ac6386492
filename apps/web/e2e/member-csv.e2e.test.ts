import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { openSignedIn, setUpBrowserSessions } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, uniqueEmail, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
const MODAL = '[role="dialog"][aria-modal="true"]';
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`CSVテスト${suffix}`, `CSVプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'csv-admin');
  member = await seedMember(fixture, 'member', 'member', 'csv-member');
  // A name a spreadsheet would run as a formula, with characters only Windows-31J has.
  await api('/account/update', member.idToken, { name: '=1+2 髙橋①' });
});

const membersPath = () => `/organizations/${fixture.organization.id}/settings/members`;

/** Chooses the encoding in the export menu (by keyboard) and answers the downloaded bytes and file name. */
async function download(page: Page, item: string): Promise<{ bytes: Buffer; name: string }> {
  const button = page.getByRole('button', { name: 'CSVエクスポート' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menuItem = page.getByRole('menuitem', { name: new RegExp(`^${item.replace(/[()（）]/g, '.')}`) });
  await menuItem.waitFor();
  await menuItem.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return { bytes: await readFile(await file.path()), name: file.suggestedFilename() };
}

function csvLines(text: string): string[] {
  return text.split('\r\n').filter((line) => line !== '');
}

/** Opens the import dialog, chooses the file and checks it; the dialog once its rows show. */
async function previewFile(page: Page, name: string, bytes: Buffer) {
  await page.getByRole('button', { name: 'CSVインポート' }).click();
  const dialog = page.getByRole('dialog', { name: 'CSVからメンバーを招待' });
  await dialog.waitFor();
  await dialog.getByText('ファイルを選択して「内容を確認」を押してください').waitFor();
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await dialog.getByRole('button', { name: '内容を確認' }).click();
  await dialog.getByTestId('member-import-rows').waitFor();
  // The rows take the focus as they show.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'CSVの内容');
  return dialog;
}

/** Each row's address and result text, in file order. */
async function results(page: Page): Promise<[string, string][]> {
  const rows = page.getByTestId('member-import-rows').locator('tbody tr');
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return cells.map((c) => [c[1] ?? '', c[4] ?? '']);
}

describe('member CSV', () => {
  it('downloads the members in UTF-8 with BOM and in Shift_JIS, formulas neutralised, from a keyboard-usable menu', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, membersPath());
    await page.getByTestId('member-row').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'organization members with CSV buttons');

    const utf8 = await download(page, 'UTF-8（BOM付き）');
    expect(utf8.name).toBe('members.csv');
    expect([...utf8.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvLines(new TextDecoder('utf-8', { fatal: true }).decode(utf8.bytes.subarray(3)));
    expect(header).toBe('メールアドレス,名前,組織ロール,プロジェクトロール,参加日');
    const memberLine = rows.find((line) => line.startsWith(member.email));
    expect(memberLine).toMatch(new RegExp(`^${member.email},'=1\\+2 髙橋①,メンバー,CSVプロジェクト.*:メンバー,\\d{4}-\\d{2}-\\d{2}$`));

    const sjis = await download(page, 'Shift_JIS（Excel向け）');
    expect([...sjis.bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const decoded = csvLines(new TextDecoder('shift_jis', { fatal: true }).decode(sjis.bytes));
    expect(decoded).toEqual([header, ...rows]);
  });

  it('imports a mixed UTF-8 file: the preview shows each row, the import each outcome, and a re-run invites nobody twice', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, membersPath());
    await page.getByTestId('member-row').first().waitFor();
    const [first, second, unknownRole] = [uniqueEmail('csv-first'), uniqueEmail('csv-second'), uniqueEmail('csv-role')];
    const file = Buffer.from(
      [
        'メールアドレス,組織ロール,プロジェクトロール',
        `${first},メンバー,${fixture.project.name}:管理者`,
        `${second},admin,`,
        'not-an-address,メンバー,',
        `${unknownRole},社長,`,
        `${member.email},メンバー,`,
        `${first},メンバー,`,
      ].join('\r\n'),
    );
    const dialog = await previewFile(page, 'members.csv', file);
    await dialog.getByText('文字コード: UTF-8').waitFor();
    await dialog.getByText('6行中、招待できる行: 2行').waitFor();
    await expect(results(page)).resolves.toEqual([
      [first, '招待できます'],
      [second, '招待できます'],
      ['not-an-address', 'メールアドレスを正しく入力してください'],
      [unknownRole, 'Role not found'],
      [member.email, 'The account already belongs to the organization'],
      [first, 'このメールアドレスはファイル内で重複しています'],
    ]);
    await page.screenshot({ path: '/tmp/console-member-import-preview-1280.png' });
    await expectNoSeriousA11yViolations(page, 'member import preview', { within: MODAL });
    // Nothing was sent yet.
    await expect(page.getByTestId('invitation-row').filter({ hasText: first }).count()).resolves.toBe(0);

    await dialog.getByRole('button', { name: '2行を招待する' }).click();
    await dialog.getByText('2行を招待しました。招待できなかった行: 4行').waitFor();
    await expect(results(page).then((rows) => rows.slice(0, 2))).resolves.toEqual([
      [first, '招待しました'],
      [second, '招待しました'],
    ]);
    await page.screenshot({ path: '/tmp/console-member-import-result-1280.png' });
    await dialog.getByRole('button', { name: '完了' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('invitation-row').filter({ hasText: first }).waitFor();
    await page.getByTestId('invitation-row').filter({ hasText: second }).waitFor();

    const again = await previewFile(page, 'members.csv', file);
    await again.getByText('6行中、招待できる行: 0行').waitFor();
    await expect(results(page).then((rows) => rows.slice(0, 2))).resolves.toEqual([
      [first, 'このメールアドレスはすでに招待中です'],
      [second, 'このメールアドレスはすでに招待中です'],
    ]);
    await expect(again.getByRole('button', { name: '0行を招待する' }).isDisabled()).resolves.toBe(true);
    await expectDialogTrapsAndReturnsFocus(page, again, page.getByRole('button', { name: 'CSVインポート' }));
    await expect(page.getByTestId('invitation-row').filter({ hasText: first }).count()).resolves.toBe(1);
  });

  it('imports a Shift_JIS file as Excel saves it, saying so, with a row it refuses', async () => {
    const { page } = session();
    await page.setViewportSize({ width: 360, height: 740 });
    await openSignedIn(session(), admin, membersPath());
    await page.getByTestId('member-row').first().waitFor();
    const valid = uniqueEmail('csv-sjis');
    const file = iconv.encode(
      `メールアドレス,組織ロール,プロジェクトロール\r\n${valid},メンバー,${fixture.project.name}:メンバー\r\n${uniqueEmail('csv-sjis-bad')},メンバー,よそのプロジェクト:管理者\r\n`,
      'Shift_JIS',
    );
    const dialog = await previewFile(page, 'メンバー.csv', file);
    await dialog.getByText('文字コード: Shift_JIS').waitFor();
    await expect(results(page).then((rows) => rows.map(([, result]) => result))).resolves.toEqual(['招待できます', 'Project not found in the organization']);
    await page.screenshot({ path: '/tmp/console-member-import-preview-360.png' });
    await expectNoSeriousA11yViolations(page, 'member import preview at 360 px', { within: MODAL });
    await dialog.getByRole('button', { name: '1行を招待する' }).click();
    await dialog.getByText('1行を招待しました。招待できなかった行: 1行').waitFor();
    await expect(results(page).then((rows) => rows[0])).resolves.toEqual([valid, '招待しました']);
  });

  it('refuses a file with a wrong header with a clear message', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, membersPath());
    await page.getByTestId('member-row').first().waitFor();
    await page.getByRole('button', { name: 'CSVインポート' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSVからメンバーを招待' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('address,role\r\na@example.com,member\r\n') });
    await dialog.getByRole('button', { name: '内容を確認' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'CSVファイルの見出し行が正しくありません' }).waitFor();
  });

  it('disables the CSV buttons for members who are not organization admins', async () => {
    const { page } = session();
    await openSignedIn(session(), member, membersPath());
    await page.getByTestId('member-row').first().waitFor();
    await expect(page.getByRole('button', { name: 'CSVエクスポート' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'CSVインポート' }).isDisabled()).resolves.toBe(true);
  });
});
