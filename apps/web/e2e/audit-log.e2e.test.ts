import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expectToast, open, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;
let viewer: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`監査ログテスト${suffix}`, `監査ログプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'audit-admin');
  member = await seedMember(fixture, 'member', 'member', 'audit-member');
  viewer = await seedMember(fixture, 'member', null, 'audit-viewer');
});

function roleName(key: string): string {
  const role = fixture.organization.roles.find((r) => r.key === key);
  if (!role) throw new Error(`role ${key} not found`);
  return role.name;
}

/** The newest event is a 組織ロール変更 by `actor`; its details drawer shows the role `before` → `after`. */
async function expectNewestRoleChange(page: Page, actor: SeededAccount, before: string, after: string): Promise<void> {
  const newest = page.getByTestId('audit-event-row').first();
  await newest.waitFor();
  await expect(newest.getAttribute('data-action')).resolves.toBe('membership.assignOrganizationRole');
  await newest.getByRole('cell', { name: '組織ロール変更', exact: true }).waitFor();
  await newest.getByText(actor.email).waitFor();

  await newest.getByRole('button', { name: /組織ロール変更の詳細$/ }).click();
  const drawer = page.getByRole('dialog', { name: '監査ログの詳細' });
  await drawer.waitFor();
  // Let the drawer finish sliding in (for the screenshot).
  await drawer.evaluate((element) => Promise.all(element.ownerDocument.getAnimations().map((animation) => animation.finished)));
  await drawer.getByText(actor.email).waitFor();
  const changes = drawer.getByTestId('audit-change');
  const texts = await changes.evaluateAll((rows) =>
    rows.map((row) => ({
      before: row.querySelector('[data-testid="audit-change-before"]')?.textContent ?? '',
      after: row.querySelector('[data-testid="audit-change-after"]')?.textContent ?? '',
    })),
  );
  expect(texts.some((change) => change.before.includes(before) && change.after.includes(after))).toBe(true);
}

describe('audit log', () => {
  it("shows an organization admin's role change at the top of the organization's 監査ログ with its before → after, filters, and downloads the CSV", async () => {
    const { page } = session();
    await openSignedIn(session(), admin, `/organizations/${fixture.organization.id}/settings/members`);
    const select = page
      .getByTestId('member-row')
      .filter({ hasText: member.email })
      .getByRole('combobox', { name: `${member.email}のロール` });
    await expect(select.inputValue()).resolves.toBe(roleName('member'));
    await select.click();
    await page.getByRole('option', { name: roleName('admin'), exact: true }).click();
    await page.getByRole('dialog', { name: 'ロールの変更' }).getByRole('button', { name: '変更する' }).click();
    await expectToast(page, 'ロールを変更しました');

    await page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: '監査ログ', exact: true }).click();
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/auditLog`);
    await page.getByRole('table', { name: '監査ログ' }).waitFor();
    await page.screenshot({ path: '/tmp/console-audit-organization.png' });
    await expectNewestRoleChange(page, admin, roleName('member'), roleName('admin'));
    await page.screenshot({ path: '/tmp/console-audit-organization-details.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '監査ログの詳細' }).waitFor({ state: 'hidden' });

    // Filters: the action narrows the list; a range of days in the future leaves nothing.
    await page.getByRole('combobox', { name: '操作' }).click();
    await page.getByRole('option', { name: '組織ロール変更', exact: true }).click();
    await page.getByTestId('audit-event-row').first().waitFor();
    const actions = await page.getByTestId('audit-event-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    expect(new Set(actions)).toEqual(new Set(['membership.assignOrganizationRole']));
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('開始日').fill(day);
    await page.getByText('監査ログはありません').waitFor();
    await page.getByRole('button', { name: '条件をクリア' }).click();
    await page.getByTestId('audit-event-row').first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSVダウンロード' }).click()]);
    expect(download.suggestedFilename()).toBe('audit-events.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const [header, firstRow] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header?.split(',')).toEqual(expect.arrayContaining(['occurredAt', 'action', 'actorEmail', 'targetType', 'targetId', 'changes']));
    expect(firstRow).toContain('membership.assignOrganizationRole');
  });

  it('shows a member the 監査ログ tab disabled with 権限がありません', async () => {
    const { page } = session();
    await openSignedIn(session(), viewer, `/organizations/${fixture.organization.id}/settings/general`);
    const nav = page.getByRole('navigation', { name: '組織設定メニュー' });
    const tab = nav.getByRole('button', { name: '監査ログ', exact: true });
    await expect(tab.isDisabled()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: '監査ログ', exact: true }).count()).resolves.toBe(0);
    await nav
      .locator('[data-no-permission]')
      .filter({ has: page.getByRole('button', { name: '監査ログ', exact: true }) })
      .hover();
    await page.getByRole('tooltip', { name: '権限がありません' }).waitFor();

    await open(page, `/organizations/${fixture.organization.id}/settings/auditLog`);
    await page.getByTestId('audit-log-no-permission').getByText('権限がありません').waitFor();
    await expect(page.getByRole('table', { name: '監査ログ' }).count()).resolves.toBe(0);
  });

  it("shows the system admin the organization's role change in the system-admin 監査ログ", async () => {
    const target = await seedMember(fixture, 'member', null, 'audit-target');
    const adminRoleId = fixture.organization.roles.find((r) => r.key === 'admin')!.id;
    await api('/account/assignOrganizationRole', admin.idToken, {
      accountId: target.id,
      props: { organizationId: fixture.organization.id, roleId: adminRoleId },
    });

    const { page } = session();
    await openSignedIn(session(), stack.root, '/system-admin');
    await page.getByRole('tab', { name: '監査ログ' }).click();
    await waitForPath(page, '/system-admin/audit-log');
    await page.getByRole('combobox', { name: '組織' }).click();
    await page.getByRole('option', { name: fixture.organization.name, exact: true }).click();
    const newest = page.getByTestId('audit-event-row').first();
    await newest.getByRole('cell', { name: fixture.organization.name, exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/console-audit-system-admin.png' });
    await expectNewestRoleChange(page, admin, roleName('member'), roleName('admin'));
  });
});
