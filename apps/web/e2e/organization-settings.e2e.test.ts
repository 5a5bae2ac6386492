import { execFileSync } from 'node:child_process';
import { expectToast, loginThroughUi, open, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, stack, uniqueEmail, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`組織設定テスト${suffix}`, `組織設定プロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'org-settings-admin');
  member = await seedMember(fixture, 'member', 'member', 'org-settings-member');
});

/** Gives the e-mail of an invitation up as failed, directly in the stack's database (psql). */
function markInvitationMailFailed(invitationId: string): void {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the e2e global setup');
  const sql = `UPDATE email_outbox SET status = 'failed', last_error = 'mailbox unavailable' WHERE kind = 'invitation' AND reference_id = '${invitationId}' RETURNING id`;
  const marked = execFileSync('psql', [url, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' }).trim();
  if (!marked) throw new Error(`no e-mail of invitation ${invitationId} in the outbox`);
}

describe('organization settings', () => {
  it('redirects to general, where an organization admin saves the name (save enabled only when changed)', async () => {
    const { page } = session();
    await openSignedIn(session(), admin, `/organizations/${fixture.organization.id}/settings`);
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/general`);
    const name = page.getByLabel('組織名');
    await expect(name.inputValue()).resolves.toBe(fixture.organization.name);
    const save = page.getByRole('button', { name: '保存' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await name.fill(`${fixture.organization.name}（改）`);
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    await expectToast(page, '更新しました');
    await expect(save.isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/console-e2e-organization-general.png' });
  });

  it('lists members and pending invitations, and the roles; a member cannot edit the organization', async () => {
    const { page } = session();
    const invited = uniqueEmail('org-invitee');
    // Invite through the project settings dialog, then look at the organization's members page.
    await openSignedIn(session(), admin, `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=members`);
    await page.getByRole('button', { name: 'メンバーを招待' }).click();
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    // The organization's members already in the project are not suggested.
    await dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' }).fill(invited);
    await expect(dialog.getByTestId('invite-suggestions').isVisible()).resolves.toBe(false);
    await dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' }).press('Enter');
    await dialog.getByRole('button', { name: '招待する' }).click();
    await expectToast(page, 'メンバーを招待しました');

    await page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: 'メンバー' }).click();
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/members`);
    await page.getByText('2人のメンバー').waitFor();
    await page.getByTestId('member-row').filter({ hasText: member.email }).getByText('アクティブ').waitFor();
    await page.getByTestId('invitation-row').filter({ hasText: invited }).getByText('招待中').waitFor();

    await page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: 'ロール' }).click();
    await page.getByTestId('role-table').getByRole('cell', { name: '組織を管理・設定できます' }).waitFor();

    await session().context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    const other = await browser().newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });
    try {
      const memberPage = await other.newPage();
      await loginThroughUi(memberPage, member.email, member.password);
      await open(memberPage, `/organizations/${fixture.organization.id}/settings/general`);
      await expect(memberPage.getByRole('button', { name: '保存' }).isDisabled()).resolves.toBe(true);
      await expect(memberPage.getByRole('button', { name: '画像をアップロード' }).isDisabled()).resolves.toBe(true);
      await memberPage
        .locator('[data-no-permission]')
        .filter({ has: memberPage.getByRole('button', { name: '保存' }) })
        .hover();
      await memberPage.getByRole('tooltip', { name: '権限がありません' }).waitFor();
      await open(memberPage, `/organizations/${fixture.organization.id}/settings/members`);
      const adminRow = memberPage.getByTestId('member-row').filter({ hasText: admin.email });
      await expect(adminRow.getByTestId('role-text').innerText()).resolves.toBe('管理者');
    } finally {
      await other.close();
    }
  });

  it('never lets the last admin go: a system administrator demoting or removing them gets an error toast saying why', async () => {
    const { page } = session();
    const reason = '組織には少なくとも1人の管理者が必要です';
    const toastWithReason = (title: string) =>
      page.locator('.mantine-Notifications-notification').filter({ hasText: title }).filter({ hasText: reason }).first().waitFor({ state: 'visible' });
    await openSignedIn(session(), stack.root, `/organizations/${fixture.organization.id}/settings/members`);
    const row = page.getByTestId('member-row').filter({ hasText: admin.email });
    const select = row.getByRole('combobox', { name: `${admin.email}のロール` });
    await expect(select.inputValue()).resolves.toBe('管理者');

    await select.click();
    await page.getByRole('option', { name: 'メンバー', exact: true }).click();
    await page.getByRole('dialog', { name: 'ロールの変更' }).getByRole('button', { name: '変更する' }).click();
    await toastWithReason('ロールの変更ができませんでした');
    await expect(select.inputValue()).resolves.toBe('管理者');

    await page.getByRole('button', { name: `${admin.email}の操作` }).click();
    await page
      .getByRole('menu', { name: `${admin.email}の操作` })
      .getByRole('menuitem', { name: 'メンバーを削除' })
      .click();
    await page.getByRole('dialog', { name: 'メンバーを削除' }).getByRole('button', { name: '削除する' }).click();
    await toastWithReason('メンバーの削除に失敗しました');
    await page.reload();
    await expect(
      page
        .getByTestId('member-row')
        .filter({ hasText: admin.email })
        .getByRole('combobox', { name: `${admin.email}のロール` })
        .inputValue(),
    ).resolves.toBe('管理者');
  });

  it('marks an invitation whose e-mail failed with 送信失敗, and 再送信 queues it again', async () => {
    const invited = uniqueEmail('org-undeliverable');
    const memberRoleId = fixture.organization.roles.find((r) => r.key === 'member')!.id;
    const entries = await api<{ invitation: { id: string } | null }[]>('/organization/inviteMembers', admin.idToken, {
      organizationId: fixture.organization.id,
      emails: [invited],
      props: { roleId: memberRoleId, projects: [] },
    });
    markInvitationMailFailed(entries[0]!.invitation!.id);

    const { page } = session();
    await openSignedIn(session(), admin, `/organizations/${fixture.organization.id}/settings/members`);
    const row = page.getByTestId('invitation-row').filter({ hasText: invited });
    await row.getByText('招待中').waitFor();
    await row.getByTestId('delivery-failed').getByText('送信失敗').waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-organization-delivery-failed.png' });

    await row.getByRole('button', { name: `${invited}の操作` }).click();
    await page.getByRole('menuitem', { name: '再送信' }).click();
    await expectToast(page, '招待メールを再送信しました');
    await row.getByTestId('delivery-failed').waitFor({ state: 'detached' });
    await row.getByText('招待中').waitFor();

    // An invitation whose e-mail went out offers no 再送信.
    await row.getByRole('button', { name: `${invited}の操作` }).click();
    await page.getByRole('menuitem', { name: '招待URLをコピー' }).waitFor();
    await expect(page.getByRole('menuitem', { name: '再送信' }).count()).resolves.toBe(0);
  });
});
