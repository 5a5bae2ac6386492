import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { openSignedIn, setUpBrowserSessions } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`エクスポート組織${suffix}`, `エクスポートプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'export-admin');
  member = await seedMember(fixture, 'member', 'member', 'export-member');
});

const generalPath = () => `/organizations/${fixture.organization.id}/settings/general`;

/** The archive's files by name, in their order (yauzl checks each entry's CRC). */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The lines of a CSV file of the archive after its BOM, header first. */
function lines(files: Map<string, string>, name: string): string[] {
  const text = files.get(name) ?? '';
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
}

/** Records every text the export's progress line shows, however briefly. */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { exportProgress: string[] }).exportProgress = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="organization-export-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { exportProgress: string[] }).exportProgress);
}

/** Presses Enter on the focused control and answers the downloaded archive's name and files. */
async function downloadWithEnter(page: Page, button: Locator): Promise<{ name: string; files: Map<string, string> }> {
  await button.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return { name: file.suggestedFilename(), files: await unzip(await readFile(await file.path())) };
}

describe('organization export', () => {
  it('downloads the organization as a ZIP archive from the keyboard, showing its progress; the archive holds every file', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, generalPath());
    const section = page.getByRole('region', { name: '組織データのエクスポート' });
    const button = section.getByRole('button', { name: 'エクスポート', exact: true });
    await button.waitFor();
    await expectNoSeriousA11yViolations(page, 'organization settings with the export');
    const progress = await recordProgress(page);

    const { name, files } = await downloadWithEnter(page, button);
    expect(name).toMatch(new RegExp(`^organization-${fixture.organization.id}-\\d{8}\\.zip$`));
    expect([...files.keys()]).toEqual(['organization.json', 'members.csv', 'projects.csv', 'invitations.csv', 'audit-log.csv']);
    const members = lines(files, 'members.csv');
    expect(members[0]).toBe('メールアドレス,名前,組織ロール,プロジェクトロール,参加日');
    expect(members.slice(1).map((line) => line.split(',').slice(0, 1)[0])).toEqual([admin.email, member.email]);
    expect(members.find((line) => line.startsWith(member.email))).toMatch(/,メンバー,エクスポートプロジェクト.*:メンバー,\d{4}-\d{2}-\d{2}$/);
    expect(lines(files, 'projects.csv').slice(1)).toEqual([expect.stringContaining(`${fixture.project.id},${fixture.project.name},`)]);
    // Both invitations were accepted.
    expect(
      lines(files, 'invitations.csv')
        .slice(1)
        .map((line) => line.split(',')[4]),
    ).toEqual(['accepted', 'accepted']);
    const audit = lines(files, 'audit-log.csv');
    expect(audit[1]?.split(',')[2]).toBe('organization.export');
    const manifest = JSON.parse(files.get('organization.json') ?? '{}') as { organization: { id: string }; manifest: { files: { rows: number }[] } };
    expect(manifest.organization.id).toBe(fixture.organization.id);
    const rows = manifest.manifest.files.reduce((sum, file) => sum + file.rows, 0);

    const done = section.getByTestId('organization-export-done');
    await done.waitFor();
    await expect(done.textContent()).resolves.toMatch(new RegExp(`MB のZIPファイルをダウンロードしました（${rows}行）$`));
    const shown = await progress();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((text) => /^(エクスポートを準備しています…|[\d.]+ MB を受信しました（全\d+行）)$/.test(text))).toBe(true);
    await expectNoSeriousA11yViolations(page, 'organization export done');
  });

  it('shows a failure with its reason, and 再試行 downloads the archive', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, generalPath());
    const section = page.getByRole('region', { name: '組織データのエクスポート' });
    await page.route('**/organization/export', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ name: 'ConsoleError', errorCode: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' }),
      }),
    );
    await section.getByRole('button', { name: 'エクスポート', exact: true }).click();
    const error = section.getByTestId('organization-export-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain('組織データをエクスポートできませんでした');
    await expectNoSeriousA11yViolations(page, 'organization export failed');
    await page.unroute('**/organization/export');

    const { files } = await downloadWithEnter(page, error.getByRole('button', { name: '再試行' }));
    expect(files.size).toBe(5);
    await section.getByTestId('organization-export-done').waitFor();
    await expect(error.count()).resolves.toBe(0);
  });

  it('shows the export disabled to a member who is not an admin', async () => {
    const { page } = session();
    await openSignedIn(session(), member, generalPath());
    const button = page.getByRole('region', { name: '組織データのエクスポート' }).getByRole('button', { name: 'エクスポート', exact: true });
    await button.waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
  });

  it('lets a system administrator export any organization from the system administration', async () => {
    const { page } = session();
    await openSignedIn(session(), stack.root, '/system-admin/orgs-and-projects');
    await page.getByRole('textbox', { name: '検索' }).fill(fixture.organization.name);
    const group = page.getByTestId('organization-group').filter({ hasText: fixture.organization.name });
    await group.getByRole('button', { name: 'エクスポート', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `${fixture.organization.name}のデータをエクスポート` });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page, 'system administration export dialog', { within: '[role="dialog"][aria-modal="true"]' });
    const { name, files } = await downloadWithEnter(page, dialog.getByRole('button', { name: 'エクスポート', exact: true }));
    expect(name).toMatch(new RegExp(`^organization-${fixture.organization.id}-\\d{8}\\.zip$`));
    expect(lines(files, 'members.csv')).toHaveLength(3);
    await dialog.getByTestId('organization-export-done').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
