import type { Locator, Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations, expectVisibleFocus } from './support/a11y';
import { expectToast, fillLogin, loginThroughUi, open, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, seedAccount, stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
/** Organization and project admin (not a system admin). */
let admin: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`アクセシビリティ組織${suffix}`, `アクセシビリティプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'a11y-admin');
});

/** Resolves once the element's (and its descendants') animations and transitions have finished. */
async function settled(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** An open modal dialog: the check covers it only, the page behind it being out of reach. */
const MODAL = '[role="dialog"][aria-modal="true"]';

function projectSettingsPath(view: string): string {
  return `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=${view}`;
}

function organizationSettingsPath(page: string): string {
  return `/organizations/${fixture.organization.id}/settings/${page}`;
}

async function openAsAdmin(path: string): Promise<void> {
  await openSignedIn(session(), admin, path);
}

async function openAsRoot(path: string): Promise<void> {
  await openSignedIn(session(), stack.root, path);
}

function memberRow(page: Page, email: string): Locator {
  return page.getByTestId('member-row').filter({ hasText: email });
}

describe('accessibility of the signed-out screens', () => {
  it('login', async () => {
    const { page } = session();
    await open(page, '/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'login');
  });

  it('login with an error toast (role=alert)', async () => {
    const { page } = session();
    const user = await seedAccount('a11y-wrong-password');
    await open(page, '/login');
    await fillLogin(page, user.email, 'not-the-password');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expectToast(page, 'ログインできませんでした');
    await expect(page.getByRole('alert').filter({ hasText: 'ログインできませんでした' }).count()).resolves.toBe(1);
    await settled(page.getByTestId('toast'));
    await expectNoSeriousA11yViolations(page, 'login: error toast');
  });

  it('sign-up', async () => {
    const { page } = session();
    await open(page, '/sign-up');
    await page.getByRole('button', { name: '登録する' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'sign-up');
  });

  it('forgot password', async () => {
    const { page } = session();
    await open(page, '/forgot-password');
    await page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'forgot password');
  });

  it('reset password', async () => {
    const { page } = session();
    await open(page, '/reset-password?oobCode=any-code');
    await page.getByRole('button', { name: 'パスワードを変更' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'reset password');
  });

  it('404', async () => {
    const { page } = session();
    await open(page, '/no-such-page');
    await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
    await expectNoSeriousA11yViolations(page, '404');
  });

  it('error screen (the code of the next screen fails to load)', async () => {
    const { context, page } = session();
    await open(page, '/login');
    const link = page.getByRole('link', { name: 'パスワードをお忘れの方' });
    await link.waitFor();
    await context.route(`${stack.origin}/auth/assets/**`, (route) => route.abort());
    await link.click();
    await page.getByRole('heading', { name: '予期しないエラーが発生しました' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'error screen');
  });

  it('a control reached with Tab shows a focus indicator', async () => {
    const { page } = session();
    await open(page, '/login');
    const forgot = page.getByRole('link', { name: 'パスワードをお忘れの方' });
    await forgot.waitFor();
    await page.getByLabel('メールアドレス').focus();
    for (let i = 0; i < 10 && !(await forgot.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expectVisibleFocus(forgot);
    await page.getByLabel('メールアドレス').fill('someone@example.com');
    await page.getByLabel('パスワード', { exact: true }).fill('some-password');
    const login = page.getByRole('button', { name: 'ログイン', exact: true });
    await page.getByLabel('パスワード', { exact: true }).focus();
    for (let i = 0; i < 10 && !(await login.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expectVisibleFocus(login);
  });
});

describe('accessibility of the screens of an organization admin', () => {
  it('project chooser', async () => {
    const { page } = session();
    await openAsAdmin('/projects');
    await page.getByTestId('project-list').getByRole('link', { name: fixture.project.name }).waitFor();
    await expectNoSeriousA11yViolations(page, 'project chooser');
  });

  it('project sidebar and layout', async () => {
    const { page } = session();
    await openAsAdmin(`/projects/${fixture.project.id}`);
    await page.getByTestId('project-sidebar').getByText('プロダクトがありません').waitFor();
    await expectNoSeriousA11yViolations(page, 'project layout');
    await page.getByRole('button', { name: '組織・プロジェクトを切り替え' }).click();
    await page.getByRole('listbox', { name: '組織とプロジェクト' }).getByRole('option', { name: fixture.project.name }).waitFor();
    await settled(page.getByTestId('project-switcher'));
    await expectNoSeriousA11yViolations(page, 'project layout: switcher');
  });

  it('account menu', async () => {
    const { page } = session();
    await openAsAdmin('/projects');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await settled(page.getByRole('menu'));
    await expectNoSeriousA11yViolations(page, 'account menu');
  });

  it.each(['general', 'members', 'roles', 'productUsageSettings'])('project settings: %s', async (view) => {
    const { page } = session();
    await openAsAdmin(projectSettingsPath(view));
    await page.getByRole('heading', { name: fixture.project.name }).waitFor();
    await page.getByRole('tab', { selected: true }).waitFor();
    if (view === 'members') await memberRow(page, admin.email).waitFor();
    await expectNoSeriousA11yViolations(page, `project settings: ${view}`);
  });

  it.each(['general', 'members', 'roles', 'auditLog', 'joinRequests'])('organization settings: %s', async (tab) => {
    const { page } = session();
    await openAsAdmin(organizationSettingsPath(tab));
    await page.getByRole('navigation', { name: '組織設定メニュー' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (tab === 'members') await memberRow(page, admin.email).waitFor();
    if (tab === 'auditLog') await page.getByRole('table', { name: '監査ログ' }).getByRole('row').nth(1).waitFor();
    await expectNoSeriousA11yViolations(page, `organization settings: ${tab}`);
  });

  it.each(['profile', 'authentication'])('account: %s', async (tab) => {
    const { page } = session();
    await openAsAdmin(`/account/${tab}`);
    await page.getByRole('heading', { name: 'アカウント設定' }).waitFor();
    await page.getByLabel(tab === 'profile' ? '名前' : 'メールアドレス').waitFor();
    await expectNoSeriousA11yViolations(page, `account: ${tab}`);
  });

  it('invite dialog: no violations, focus kept inside and given back to its button', async () => {
    const { page } = session();
    await openAsAdmin(projectSettingsPath('members'));
    const trigger = page.getByRole('button', { name: 'メンバーを招待' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    await settled(dialog);
    await expectNoSeriousA11yViolations(page, 'invite dialog', { within: MODAL });

    const input = dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' });
    await input.fill('not-an-email');
    await input.press('Enter');
    await dialog.getByText('メールアドレスを正しく入力してください').waitFor();
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectNoSeriousA11yViolations(page, 'invite dialog: invalid address', { within: MODAL });
    await input.fill('');

    await expectDialogTrapsAndReturnsFocus(page, dialog, trigger);
  });

  it('role change confirmation: no violations, focus kept inside and given back to the role selector; the success toast is a status', async () => {
    const { page } = session();
    const member = await seedMember(fixture, 'member', 'member', 'a11y-role');
    await openAsAdmin(projectSettingsPath('members'));
    const select = memberRow(page, member.email).getByRole('combobox', { name: `${member.email}のロール` });
    await select.click();
    await page.getByRole('option', { name: '管理者' }).click();
    const dialog = page.getByRole('dialog', { name: 'ロールの変更' });
    await settled(dialog);
    await expectNoSeriousA11yViolations(page, 'role change confirmation', { within: MODAL });
    await expectDialogTrapsAndReturnsFocus(page, dialog, select);

    await select.click();
    await page.getByRole('option', { name: '管理者' }).click();
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expectToast(page, 'ロールを変更しました');
    await expect(page.getByRole('status').filter({ hasText: 'ロールを変更しました' }).count()).resolves.toBe(1);
  });

  it('remove member confirmation: no violations, focus kept inside and given back to the row menu', async () => {
    const { page } = session();
    const member = await seedMember(fixture, 'member', 'member', 'a11y-remove');
    await openAsAdmin(projectSettingsPath('members'));
    const menuButton = page.getByRole('button', { name: `${member.email}の操作` });
    await menuButton.click();
    await page
      .getByRole('menu', { name: `${member.email}の操作` })
      .getByRole('menuitem', { name: 'メンバーを削除' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'メンバーを削除' });
    await settled(dialog);
    await expectNoSeriousA11yViolations(page, 'remove member confirmation', { within: MODAL });
    await expectDialogTrapsAndReturnsFocus(page, dialog, menuButton);
  });
});

describe('accessibility of the screens of a system administrator', () => {
  it.each(['members', 'orgs-and-projects', 'audit-log'])('system admin: %s', async (tab) => {
    const { page } = session();
    await openAsRoot(`/system-admin/${tab}`);
    await page.getByRole('heading', { name: 'システム管理' }).waitFor();
    if (tab === 'members') await page.getByTestId('account-row').first().waitFor();
    if (tab === 'orgs-and-projects') await page.getByTestId('organization-group').first().waitFor();
    if (tab === 'audit-log') await page.getByRole('table', { name: '監査ログ' }).getByRole('row').nth(1).waitFor();
    await expectNoSeriousA11yViolations(page, `system admin: ${tab}`);
  });

  it('system admin: grant dialog', async () => {
    const { page } = session();
    await openAsRoot('/system-admin/members');
    const trigger = page.getByRole('button', { name: 'システム管理者を追加' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'システム管理者を追加' });
    await settled(dialog);
    await expectNoSeriousA11yViolations(page, 'system admin: grant dialog', { within: MODAL });
    await expectDialogTrapsAndReturnsFocus(page, dialog, trigger);
  });

  it('system admin: create organization dialog', async () => {
    const { page } = session();
    await openAsRoot('/system-admin/orgs-and-projects');
    const trigger = page.getByRole('button', { name: '組織を作成' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: '組織を作成' });
    await settled(dialog);
    await expectNoSeriousA11yViolations(page, 'system admin: create organization dialog', { within: MODAL });
    await expectDialogTrapsAndReturnsFocus(page, dialog, trigger);
  });

  it('the KARTE tabs of the project and organization settings, with the system-admin banner', async () => {
    const { page } = session();
    await openAsRoot(projectSettingsPath('karteMapping'));
    await page.getByLabel('KARTEプロジェクトID').waitFor();
    await page.getByText('システム管理者権限でログインしています').waitFor();
    await expectNoSeriousA11yViolations(page, 'project settings: karteMapping');
    await open(page, organizationSettingsPath('karteMapping'));
    await page.getByLabel('KARTE組織ID').waitFor();
    await expectNoSeriousA11yViolations(page, 'organization settings: karteMapping');
  });
});

describe('accessibility of the invitation page', () => {
  it('a valid invitation', async () => {
    const { page } = session();
    const invitee = await seedAccount('a11y-invitee');
    const entries = await api<{ invitation: { id: string } | null }[]>('/organization/inviteMembers', await rootIdToken(), {
      organizationId: fixture.organization.id,
      emails: [invitee.email],
      props: { roleId: fixture.organization.roles.find((r) => r.key === 'member')?.id, projects: [] },
    });
    const invitationId = entries[0]?.invitation?.id ?? '';
    await loginThroughUi(page, invitee.email, invitee.password);
    await open(page, `/invitations/${invitationId}`);
    await page.getByRole('button', { name: '招待を承諾' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'invitation');
  });

  it('an invalid invitation', async () => {
    const { page } = session();
    await openAsAdmin('/invitations/abcdefghij0123456789A');
    await page.getByRole('heading', { name: '招待が無効です' }).waitFor();
    await waitForPath(page, '/invitations/abcdefghij0123456789A');
    await expectNoSeriousA11yViolations(page, 'invitation: invalid');
  });
});
