import type { Locator, Page } from 'playwright-core';
import { expectVisibleFocus } from './support/a11y';
import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, uniqueEmail, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`キーボード組織${suffix}`, `キーボードプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'keyboard-admin');
  member = await seedMember(fixture, 'member', 'member', 'keyboard-member');
});

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses `key` (Tab by default) until `target` has the focus; fails after `max` presses. */
async function moveFocusTo(page: Page, target: Locator, key = 'Tab', max = 60): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(isFocused(target)).resolves.toBe(true);
}

describe('keyboard only', () => {
  it('signs in, opens the project settings, invites a member, changes a role with its confirmation and signs out without the mouse', async () => {
    const { page } = session();
    await open(page, '/login');

    // Sign in with e-mail and password.
    await moveFocusTo(page, page.getByLabel('メールアドレス'));
    await page.keyboard.type(admin.email);
    await moveFocusTo(page, page.getByLabel('パスワード', { exact: true }));
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/projects/${fixture.project.id}`);

    // The sidebar's settings button leads to the project settings.
    const settings = page.getByTestId('project-sidebar').getByRole('link', { name: '設定' });
    await moveFocusTo(page, settings);
    await expectVisibleFocus(settings);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}`);
    await page.getByRole('heading', { name: fixture.project.name }).waitFor();

    // The tabs: the arrow keys move to メンバー.
    const generalTab = page.getByRole('tab', { name: '基本情報' });
    await moveFocusTo(page, generalTab);
    await expectVisibleFocus(generalTab);
    const membersTab = page.getByRole('tab', { name: 'メンバー' });
    await moveFocusTo(page, membersTab, 'ArrowRight', 5);
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=members`);

    // Invite a member through the dialog.
    const invite = page.getByRole('button', { name: 'メンバーを招待' });
    await moveFocusTo(page, invite);
    await expectVisibleFocus(invite);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `${fixture.project.name}にメンバーを招待` });
    const addresses = dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' });
    await moveFocusTo(page, addresses);
    const invited = uniqueEmail('keyboard-invitee');
    await page.keyboard.type(invited);
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('email-chip').allInnerTexts()).resolves.toEqual([invited]);
    const submit = dialog.getByRole('button', { name: '招待する' });
    await moveFocusTo(page, submit);
    await expectVisibleFocus(submit);
    await page.keyboard.press('Enter');
    await expectToast(page, 'メンバーを招待しました');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('invitation-row').filter({ hasText: invited }).waitFor();
    // The focus is back on the button that opened the dialog.
    await expect(isFocused(invite)).resolves.toBe(true);

    // Change the member's role: open the selector with the arrow keys, choose 管理者, confirm.
    const role = page
      .getByTestId('member-row')
      .filter({ hasText: member.email })
      .getByRole('combobox', { name: `${member.email}のロール` });
    await moveFocusTo(page, role);
    await page.keyboard.press('ArrowDown');
    const adminOption = page.getByRole('option', { name: '管理者' });
    await adminOption.waitFor();
    for (let presses = 0; presses < 5 && (await adminOption.getAttribute('data-combobox-selected')) === null; presses += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: 'ロールの変更' });
    const confirm = confirmation.getByRole('button', { name: '変更する' });
    await confirm.waitFor();
    // The confirming button has the focus when the dialog opens.
    await expect(isFocused(confirm)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expectToast(page, 'ロールを変更しました');
    await confirmation.waitFor({ state: 'hidden' });
    await expect(role.inputValue()).resolves.toBe('管理者');

    // Sign out from the account menu.
    const accountMenu = page.getByRole('button', { name: `${admin.email}のアカウントメニュー` });
    await moveFocusTo(page, accountMenu);
    await expectVisibleFocus(accountMenu);
    await page.keyboard.press('Enter');
    const logout = page.getByRole('menuitem', { name: 'ログアウト' });
    await moveFocusTo(page, logout, 'ArrowDown', 10);
    await page.keyboard.press('Enter');
    await expectToast(page, 'ログアウトしました');
    await waitForPath(page, '/login');
  });

  it('cancelling an invitation from its row menu leaves the focus in the member list, not on the page', async () => {
    const { page } = session();
    // An admin of its own (the first test's has signed out, which revokes its tokens).
    const canceller = await seedMember(fixture, 'admin', 'admin', 'keyboard-canceller');
    const invited = uniqueEmail('keyboard-cancelled');
    await api('/organization/inviteMembers', canceller.idToken, {
      organizationId: fixture.organization.id,
      emails: [invited],
      props: {
        roleId: fixture.organization.roles.find((r) => r.key === 'member')?.id,
        projects: [{ projectId: fixture.project.id, roleId: fixture.project.roles[0]?.id }],
      },
    });
    await loginThroughUi(page, canceller.email, canceller.password);
    await open(page, `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=members`);

    const rowMenu = page.getByRole('button', { name: `${invited}の操作` });
    await moveFocusTo(page, rowMenu);
    await page.keyboard.press('Enter');
    await moveFocusTo(page, page.getByRole('menuitem', { name: '招待をキャンセル' }), 'ArrowDown', 10);
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: '招待をキャンセル' });
    await expect(isFocused(confirmation.getByRole('button', { name: '招待をキャンセルする' }))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expectToast(page, '招待をキャンセルしました');
    await page.getByTestId('invitation-row').filter({ hasText: invited }).waitFor({ state: 'detached' });

    const list = page.getByRole('region', { name: 'メンバーと招待' });
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'none');
    await expect(isFocused(list).then((yes) => (yes ? 'the member list' : focused))).resolves.toBe('the member list');
    await expectVisibleFocus(list);
    // The keyboard goes on from there: Tab reaches the next member's controls.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('[role="region"]') !== null)).resolves.toBe(
      true,
    );
  });
});
