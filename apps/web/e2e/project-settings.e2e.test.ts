import type { Page } from 'playwright-core';
import { expectToast, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, stack, uniqueEmail, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
/** Organization admin and project admin (not a system admin). */
let admin: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`設定テスト組織${suffix}`, `設定テストプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'org-admin');
});

function settingsPath(view?: string): string {
  const base = `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}`;
  return view ? `${base}?view=${view}` : base;
}

async function openSettingsAs(account: { email: string; password: string }, view?: string): Promise<void> {
  await openSignedIn(session(), account, settingsPath(view));
  await session().page.getByRole('heading', { name: fixture.project.name }).waitFor();
}

function memberRow(page: Page, email: string) {
  return page.getByTestId('member-row').filter({ hasText: email });
}

function invitationRow(page: Page, email: string) {
  return page.getByTestId('invitation-row').filter({ hasText: email });
}

describe('project settings', () => {
  it('changing tab updates the view parameter; the document title is the project name followed by the product name', async () => {
    const { page } = session();
    await openSettingsAs(admin);
    await expect(page.title()).resolves.toBe(`${fixture.project.name} | コンソール`);
    await expect(page.getByRole('tab', { name: '基本情報' }).getAttribute('aria-selected')).resolves.toBe('true');
    // An organization admin is not a system admin: no KARTE連携 tab.
    await expect(page.getByRole('tab').allInnerTexts()).resolves.toEqual(['基本情報', 'メンバー', 'ロール', 'プロダクト利用設定']);

    await page.getByRole('tab', { name: 'ロール' }).click();
    await waitForPath(page, settingsPath('roles'));
    const roles = page.getByTestId('role-table');
    await roles.getByRole('cell', { name: '管理者' }).waitFor();
    await roles.getByRole('cell', { name: 'プロジェクトを閲覧・利用できます' }).waitFor();

    await page.getByRole('tab', { name: 'プロダクト利用設定' }).click();
    await waitForPath(page, settingsPath('productUsageSettings'));
    const products = page.getByTestId('product-table');
    await products.getByRole('cell', { name: 'ナレッジ' }).waitFor();
    // Only system admins change plans: others see the plan as text.
    await expect(products.getByTestId('plan-text').innerText()).resolves.toBe('なし');

    await page.getByRole('tab', { name: 'メンバー' }).click();
    await waitForPath(page, settingsPath('members'));
    await page.getByText('1人のメンバー').waitFor();

    // The side navigation lists the organization's projects and has a back button to its first project.
    const nav = page.getByRole('navigation', { name: '組織設定メニュー' });
    await nav.getByRole('link', { name: fixture.project.name }).waitFor();
    await expect(nav.getByRole('link', { name: '戻る' }).getAttribute('href')).resolves.toBe(`/auth/projects/${fixture.project.id}`);
    await expect(nav.getByRole('link', { name: 'KARTE連携' }).count()).resolves.toBe(0);
  });

  it('saves the project name (400 px wide field)', async () => {
    const { page } = session();
    await openSettingsAs(admin, 'general');
    const name = page.getByLabel('プロジェクト名');
    await expect(name.evaluate((el) => Math.round((el.closest('.mantine-TextInput-root') ?? el).getBoundingClientRect().width))).resolves.toBe(400);
    const save = page.getByRole('button', { name: '保存' });
    await expect(save.isDisabled()).resolves.toBe(true);
    const renamed = `${fixture.project.name}改`;
    await name.fill(renamed);
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    await expectToast(page, 'プロジェクトを保存しました');
    await page.getByRole('heading', { name: renamed }).waitFor();
    await expect(page.title()).resolves.toBe(`${renamed} | コンソール`);
    // Restore the name for the other tests.
    await name.fill(fixture.project.name);
    await save.click();
    await page.getByRole('heading', { name: fixture.project.name }).waitFor();
  });

  it('an organization admin invites two addresses (an invalid chip refused, a duplicate removed), copies an invitation URL and cancels one', async () => {
    const { page, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
    await openSettingsAs(admin, 'members');
    await page.getByRole('button', { name: 'メンバーを招待' }).click();
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    await dialog.waitFor();
    await expect(dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).resolves.toBe(400);
    // Defaults: the organization's admin role; the project has no supervisor role, so its first role.
    await expect(dialog.getByRole('combobox', { name: '組織のロール' }).inputValue()).resolves.toBe('管理者');
    await expect(dialog.getByRole('combobox', { name: 'プロジェクトのロール' }).inputValue()).resolves.toBe(fixture.project.roles[0]?.name);
    const submit = dialog.getByRole('button', { name: '招待する' });
    await expect(submit.isDisabled()).resolves.toBe(true);

    const first = uniqueEmail('invite-a');
    const second = uniqueEmail('invite-b');
    const input = dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' });
    await input.fill('not-an-email');
    await input.press('Enter');
    await dialog.getByText('メールアドレスを正しく入力してください').waitFor();
    await expect(dialog.getByTestId('email-chip').count()).resolves.toBe(0);
    await expect(dialog.getByText('メールアドレスを正しく入力してください').evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(201, 42, 42)');

    await input.fill(first);
    await input.press('Enter');
    await expect(dialog.getByText('メールアドレスを正しく入力してください').count()).resolves.toBe(0);
    await input.fill(first.toUpperCase());
    await input.press('Enter');
    await input.fill(second);
    await dialog.getByRole('combobox', { name: '組織のロール' }).click(); // blur turns the text into a chip
    await page.keyboard.press('Escape');
    await expect(dialog.getByTestId('email-chip').allInnerTexts()).resolves.toEqual([first, second]);
    await page.screenshot({ path: '/tmp/console-e2e-invite-dialog.png' });

    await submit.click();
    await expectToast(page, 'メンバーを招待しました');
    await dialog.waitFor({ state: 'hidden' });
    await invitationRow(page, first).getByText('招待中').waitFor();
    await invitationRow(page, second).getByText('招待中').waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-project-members.png', fullPage: true });

    // Copy the invitation URL of the first invitation.
    await page.getByRole('button', { name: `${first}の操作` }).click();
    await page
      .getByRole('menu', { name: `${first}の操作` })
      .getByRole('menuitem', { name: '招待URLをコピー' })
      .click();
    await expectToast(page, '招待URLをコピーしました');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${stack.origin}/auth/invitations/[0-9A-Za-z]{21}\\?page=sign-up$`));

    // Cancel the second invitation.
    await page.getByRole('button', { name: `${second}の操作` }).click();
    await page
      .getByRole('menu', { name: `${second}の操作` })
      .getByRole('menuitem', { name: '招待をキャンセル' })
      .click();
    const confirm = page.getByRole('dialog', { name: '招待をキャンセル' });
    await confirm.getByText(`${second}への招待をキャンセルしますか？`).waitFor();
    await expect(confirm.evaluate((el) => el.getBoundingClientRect().width <= 450)).resolves.toBe(true);
    await confirm.getByRole('button', { name: '招待をキャンセルする' }).click();
    await expectToast(page, '招待をキャンセルしました');
    await invitationRow(page, second).waitFor({ state: 'detached' });
    await invitationRow(page, first).waitFor();
  });

  it("a project admin who is not an organization admin invites into the project, giving the organization's member role only", async () => {
    const { page } = session();
    const projectAdmin = await seedMember(fixture, 'member', 'admin', 'project-admin');
    await openSettingsAs(projectAdmin, 'members');
    const invite = page.getByRole('button', { name: 'メンバーを招待' });
    await expect(invite.isEnabled()).resolves.toBe(true);
    await invite.click();
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    await dialog.waitFor();

    // The organization role offered is the member role only (not the organization's admin role).
    const organizationRole = dialog.getByRole('combobox', { name: '組織のロール' });
    await expect(organizationRole.inputValue()).resolves.toBe('メンバー');
    await organizationRole.click();
    await expect(dialog.getByRole('option').allInnerTexts()).resolves.toEqual(['メンバー']);
    await dialog.getByRole('option', { name: 'メンバー' }).click();

    const invited = uniqueEmail('by-project-admin');
    const input = dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' });
    await input.fill(invited);
    await input.press('Enter');
    await page.screenshot({ path: '/tmp/console-e2e-project-admin-invite.png' });
    await dialog.getByRole('button', { name: '招待する' }).click();
    await expectToast(page, 'メンバーを招待しました');
    await dialog.waitFor({ state: 'hidden' });
    await invitationRow(page, invited).getByText('招待中').waitFor();

    // The invitation gives the organization's member role and this project only.
    const memberRole = fixture.organization.roles.find((r) => r.key === 'member');
    const invitations = await api<{ email: string; membership: { roleId: string; projects: { projectId: string }[] } }[]>(
      '/invitation/listInProject',
      projectAdmin.idToken,
      {
        projectId: fixture.project.id,
      },
    );
    const created = invitations.find((i) => i.email === invited);
    expect(created?.membership.roleId).toBe(memberRole?.id);
    expect(created?.membership.projects.map((p) => p.projectId)).toEqual([fixture.project.id]);
  });

  it('suggests the organization members not yet in the project, matched case-insensitively on name or email', async () => {
    const { page } = session();
    const outsider = await seedMember(fixture, 'member', null, 'org-only');
    const name = `Sakura Suggest ${uniqueSuffix()}`;
    await api('/account/update', outsider.idToken, { name });
    await openSettingsAs(admin, 'members');
    await page.getByRole('button', { name: 'メンバーを招待' }).click();
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    const input = dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' });
    const suggestions = dialog.getByTestId('invite-suggestions');

    // The organization's members are searched on the server for what is typed, leaving out the project's.
    const searched = (query: string) =>
      page.waitForResponse((response) => {
        const body = response.url().endsWith('/organization/listMembers')
          ? (response.request().postDataJSON() as { query?: string; notInProjectId?: string })
          : undefined;
        return body?.query === query && body.notInProjectId === fixture.project.id;
      });
    let answered = searched(name.toLowerCase());
    await input.fill(name.toLowerCase());
    await answered;
    await suggestions.getByRole('option', { name: new RegExp(outsider.email) }).waitFor();
    await expect(suggestions.evaluate((el) => getComputedStyle(el).maxHeight)).resolves.toBe('250px');
    await input.fill(outsider.email.toUpperCase());
    await suggestions.getByRole('option', { name: new RegExp(outsider.email) }).waitFor();
    // The project's own members are not suggested (also not once the server has answered).
    answered = searched(admin.email);
    await input.fill(admin.email);
    const adminSearch = await answered;
    expect(((await adminSearch.json()) as { items: unknown[] }).items).toEqual([]);
    await expect(suggestions.getByRole('option').count()).resolves.toBe(0);

    await input.fill(name.slice(0, 6).toUpperCase());
    await suggestions.getByRole('option', { name: new RegExp(outsider.email) }).click();
    await expect(dialog.getByTestId('email-chip').allInnerTexts()).resolves.toEqual([outsider.email]);
    await page.keyboard.press('Escape');
  });

  it('shows an invitation older than seven days with the orange 期限切れ badge', async () => {
    const { page } = session();
    const invited = uniqueEmail('expiring');
    await api('/organization/inviteMembers', admin.idToken, {
      organizationId: fixture.organization.id,
      emails: [invited],
      props: { roleId: fixture.organization.roles[0]?.id, projects: [{ projectId: fixture.project.id, roleId: fixture.project.roles[0]?.id }] },
    });
    await openSettingsAs(admin, 'members');
    await invitationRow(page, invited).getByText('招待中').waitFor();

    // Eight days later (the browser's clock) the same invitation has expired.
    await page.clock.setFixedTime(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await page.reload();
    const badge = invitationRow(page, invited).getByText('期限切れ');
    await badge.waitFor();
    // The badge's text has the orange palette's light-variant colour (the theme's orange.9, dark enough for WCAG AA on the badge).
    const colors = await badge.evaluate((el) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--mantine-color-orange-light-color)';
      const orange = getComputedStyle(probe).color;
      probe.remove();
      return { badge: getComputedStyle(el).color, orange };
    });
    expect(colors.badge).toBe(colors.orange);
    expect(colors.orange).toBe('rgb(176, 61, 11)');
    await expect(invitationRow(page, invited).getByText('招待中').count()).resolves.toBe(0);
  });

  it('changes a member role with confirmation; cancelling restores the prior value', async () => {
    const { page } = session();
    const member = await seedMember(fixture, 'member', 'member', 'role-change');
    await openSettingsAs(admin, 'members');
    const row = memberRow(page, member.email);
    const select = row.getByRole('combobox', { name: `${member.email}のロール` });
    await expect(select.inputValue()).resolves.toBe('メンバー');
    await row.getByText('未設定').waitFor();

    await select.click();
    await page.getByRole('option', { name: '管理者' }).click();
    let dialog = page.getByRole('dialog', { name: 'ロールの変更' });
    await dialog.getByText('未設定のロールを「管理者」に変更しますか？').waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(select.inputValue()).resolves.toBe('メンバー');

    await select.click();
    await page.getByRole('option', { name: '管理者' }).click();
    dialog = page.getByRole('dialog', { name: 'ロールの変更' });
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expectToast(page, 'ロールを変更しました');
    await expect(select.inputValue()).resolves.toBe('管理者');
    await page.reload();
    await expect(
      memberRow(page, member.email)
        .getByRole('combobox', { name: `${member.email}のロール` })
        .inputValue(),
    ).resolves.toBe('管理者');

    // One's own role is plain text, marked （あなた）.
    const own = memberRow(page, admin.email);
    await own.getByText('（あなた）').waitFor();
    await expect(own.getByRole('combobox').count()).resolves.toBe(0);
    await expect(own.getByTestId('role-text').innerText()).resolves.toBe('管理者');
  });

  it('removes a member after confirmation', async () => {
    const { page } = session();
    const member = await seedMember(fixture, 'member', 'member', 'removed');
    await openSettingsAs(admin, 'members');
    await memberRow(page, member.email).waitFor();
    await page.getByRole('button', { name: `${member.email}の操作` }).click();
    await page
      .getByRole('menu', { name: `${member.email}の操作` })
      .getByRole('menuitem', { name: 'メンバーを削除' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'メンバーを削除' });
    await dialog.getByRole('button', { name: '削除する' }).click();
    await expectToast(page, 'メンバーを削除しました');
    await memberRow(page, member.email).waitFor({ state: 'detached' });

    // One cannot remove oneself: the item is disabled.
    await page.getByRole('button', { name: `${admin.email}の操作` }).click();
    await expect(
      page
        .getByRole('menu', { name: `${admin.email}の操作` })
        .getByRole('menuitem', { name: 'メンバーを削除' })
        .isDisabled(),
    ).resolves.toBe(true);
  });

  it('a project member sees the controls they may not use disabled with 権限がありません', async () => {
    const { page } = session();
    const member = await seedMember(fixture, 'member', 'member', 'viewer');
    await openSettingsAs(member, 'members');
    const invite = page.getByRole('button', { name: 'メンバーを招待' });
    await expect(invite.isDisabled()).resolves.toBe(true);
    await page.locator('[data-no-permission]').filter({ has: invite }).hover();
    await page.getByRole('tooltip', { name: '権限がありません' }).waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-no-permission.png' });

    // Roles are plain text; removing others is disabled.
    const adminRow = memberRow(page, admin.email);
    await expect(adminRow.getByRole('combobox').count()).resolves.toBe(0);
    await expect(adminRow.getByTestId('role-text').innerText()).resolves.toBe('管理者');
    await page.getByRole('button', { name: `${admin.email}の操作` }).click();
    await expect(
      page
        .getByRole('menu', { name: `${admin.email}の操作` })
        .getByRole('menuitem', { name: 'メンバーを削除' })
        .isDisabled(),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: '基本情報' }).click();
    const name = page.getByLabel('プロジェクト名');
    await name.waitFor();
    await expect(page.getByRole('button', { name: '保存' }).isDisabled()).resolves.toBe(true);
    await page
      .locator('[data-no-permission]')
      .filter({ has: page.getByRole('button', { name: '保存' }) })
      .hover();
    await page.getByRole('tooltip', { name: '権限がありません' }).waitFor();
  });
});
