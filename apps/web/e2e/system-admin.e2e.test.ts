import type { Page } from 'playwright-core';
import { expectToast, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { eventually } from './support/lists';
import { createOrganizationWithProject, seedAccountOnDomain, uniqueSuffix, waitForInputValue } from './support/settings-fixtures';
import { seedAccount, stack, verifyEmailAddress } from './support/stack';

const COMPANY_DOMAIN = stack.root.email.split('@')[1] ?? '';

const { session } = setUpBrowserSessions();

async function openAsRoot(path: string): Promise<void> {
  await openSignedIn(session(), stack.root, path);
}

function accountRow(page: Page, email: string) {
  return page.getByTestId('account-row').filter({ hasText: email });
}

/** Searches the accounts (on the server) for one address and waits for its row. */
async function searchAccount(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'アカウントを検索' }).fill(email);
  await accountRow(page, email).waitFor();
}

describe('system admin', () => {
  it('/system-admin leads to the members table; the own row menu is disabled', async () => {
    const { page } = session();
    await openAsRoot('/system-admin');
    await waitForPath(page, '/system-admin/members');
    const own = accountRow(page, stack.root.email);
    await own.getByText('アクティブ').waitFor();
    await own.getByText('（あなた）').waitFor();
    const menu = page.getByRole('button', { name: `${stack.root.email}の操作` });
    await expect(menu.isDisabled()).resolves.toBe(true);
    await page.locator('[data-no-permission]').filter({ has: menu }).hover();
    await page.getByRole('tooltip', { name: '権限がありません' }).waitFor();
  });

  it('grants and revokes system-admin rights; an address outside the company domain or not verified is refused', async () => {
    const { page } = session();
    const staff = await seedAccountOnDomain(COMPANY_DOMAIN, 'staff');
    const colleague = await seedAccountOnDomain(COMPANY_DOMAIN, 'colleague');
    const unverified = await seedAccountOnDomain(COMPANY_DOMAIN, 'unverified');
    const outsider = await seedAccount('outsider');
    await Promise.all([verifyEmailAddress(staff.email, staff.password), verifyEmailAddress(colleague.email, colleague.password)]);
    await openAsRoot('/system-admin/members');
    await searchAccount(page, staff.email);
    const row = accountRow(page, staff.email);
    await expect(row.getByText('システム管理者').count()).resolves.toBe(0);

    // Grant through the row menu.
    await page.getByRole('button', { name: `${staff.email}の操作` }).click();
    await page
      .getByRole('menu', { name: `${staff.email}の操作` })
      .getByRole('menuitem', { name: 'システム管理者に追加' })
      .click();
    await expectToast(page, 'システム管理者に追加しました');
    await row.getByText('システム管理者').waitFor();

    // Revoke through the row menu, with confirmation.
    await page.getByRole('button', { name: `${staff.email}の操作` }).click();
    await page
      .getByRole('menu', { name: `${staff.email}の操作` })
      .getByRole('menuitem', { name: 'システム管理者から削除' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'システム管理者から削除' });
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expectToast(page, 'システム管理者から削除しました');
    await row.getByText('システム管理者').waitFor({ state: 'detached' });

    // The grant dialog: an invalid address cannot be submitted; one outside the domain is refused.
    await page.getByRole('button', { name: 'システム管理者を追加' }).click();
    let dialog = page.getByRole('dialog', { name: 'システム管理者を追加' });
    const email = dialog.getByLabel('メールアドレス');
    await email.fill('not-an-email');
    await email.blur();
    await dialog.getByText('メールアドレスを正しく入力してください').waitFor();
    await expect(dialog.getByRole('button', { name: '追加する' }).isDisabled()).resolves.toBe(true);
    await email.fill(outsider.email);
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expectToast(page, 'ドメイン外のメンバーは追加できません');
    await expect(accountRow(page, outsider.email).getByText('システム管理者').count()).resolves.toBe(0);

    // An address the identity provider has not verified: the dialog stays open and says why.
    await email.fill(unverified.email);
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expectToast(page, 'システム管理者に追加できませんでした');
    await dialog.getByText('メールアドレスが確認されていないため、システム管理者にできません').waitFor();
    await expect(accountRow(page, unverified.email).getByText('システム管理者').count()).resolves.toBe(0);

    await email.fill(colleague.email);
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expectToast(page, 'システム管理者に追加しました');
    dialog = page.getByRole('dialog', { name: 'システム管理者を追加' });
    await dialog.waitFor({ state: 'hidden' });
    await searchAccount(page, colleague.email);
    await accountRow(page, colleague.email).getByText('システム管理者').waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-system-admin-members.png' });
  });

  it('creates an organization and a project, searches, and opens the organization settings', async () => {
    const { page } = session();
    const suffix = uniqueSuffix();
    const organizationName = `新規組織${suffix}`;
    const projectName = `新規プロジェクト${suffix}`;
    await openAsRoot('/system-admin/orgs-and-projects');
    await page.getByRole('button', { name: '組織を作成' }).click();
    const orgDialog = page.getByRole('dialog', { name: '組織を作成' });
    const create = orgDialog.getByRole('button', { name: '作成する' });
    await expect(create.isDisabled()).resolves.toBe(true);
    await orgDialog.getByLabel('組織名').fill(organizationName);
    await create.click();
    await expectToast(page, '組織を作成しました');

    // The new organization has no project yet: it is listed after the projects, found by the search.
    const search = page.getByRole('textbox', { name: '検索' });
    await search.fill(organizationName);
    const group = page.getByTestId('organization-group').filter({ hasText: organizationName });
    await group.getByText('プロジェクトがありません').waitFor();
    await group.getByRole('button', { name: 'プロジェクトを作成' }).click();
    const projectDialog = page.getByRole('dialog', { name: `${organizationName}にプロジェクトを作成` });
    await projectDialog.getByLabel('プロジェクト名').fill(projectName);
    await projectDialog.getByRole('button', { name: '作成する' }).click();
    await expectToast(page, 'プロジェクトを作成しました');
    const link = group.getByRole('link', { name: projectName });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/auth\/projects\/[0-9A-Za-z]{8}$/);

    await search.fill(projectName.toUpperCase());
    await eventually(
      () => page.getByTestId('organization-group').allInnerTexts(),
      (groups) => groups.length === 1 && groups[0]?.includes(projectName) === true,
    );
    await search.fill('該当しない名前');
    await page.getByText('該当する組織・プロジェクトがありません').waitFor();
    await search.fill(organizationName);
    await eventually(
      () => page.getByTestId('organization-group').allInnerTexts(),
      (groups) => groups.length === 1 && groups[0]?.includes(organizationName) === true,
    );
    await page.screenshot({ path: '/tmp/console-e2e-orgs-and-projects.png' });

    await group.getByRole('link', { name: '組織設定' }).click();
    await page.waitForURL((url) => /\/auth\/organizations\/[0-9A-Za-z]{8}\/settings\/general$/.test(url.pathname));
    await expect(page.getByLabel('組織名').inputValue()).resolves.toBe(organizationName);
  });

  it('changes a plan with confirmation and saves the KARTE project and organization ids', async () => {
    const { page } = session();
    const suffix = uniqueSuffix();
    const fixture = await createOrganizationWithProject(`KARTE組織${suffix}`, `KARTEプロジェクト${suffix}`);
    const base = `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}`;
    await openAsRoot(`${base}?view=productUsageSettings`);
    const plan = page.getByRole('combobox', { name: 'ナレッジのプラン' });
    await expect(plan.inputValue()).resolves.toBe('なし');

    await plan.click();
    await page.getByRole('option', { name: 'エンタープライズ' }).click();
    let dialog = page.getByRole('dialog', { name: 'プランの変更' });
    await dialog.getByText('ナレッジのプランを「エンタープライズ」に変更しますか？').waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(plan.inputValue()).resolves.toBe('なし');

    await plan.click();
    await page.getByRole('option', { name: 'エンタープライズ' }).click();
    dialog = page.getByRole('dialog', { name: 'プランの変更' });
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expectToast(page, 'プロダクト設定を変更しました');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'ナレッジのプラン' }).inputValue()).resolves.toBe('エンタープライズ');

    // KARTE連携 (system admins only): save only when changed.
    await page.getByRole('tab', { name: 'KARTE連携' }).click();
    await waitForPath(page, `${base}?view=karteMapping`);
    const karteProjectId = 'abcdefghijABCDEFGHIJ0123';
    const input = page.getByLabel('KARTEプロジェクトID');
    const save = page.getByRole('button', { name: '保存' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await input.fill(karteProjectId);
    await save.click();
    await expectToast(page, 'KARTEプロジェクトIDを保存しました');
    await page.reload();
    await expect(waitForInputValue(page.getByLabel('KARTEプロジェクトID'), karteProjectId)).resolves.toBe(karteProjectId);

    // The organization's KARTE id, through the side navigation link shown to system admins.
    await page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: 'KARTE連携' }).click();
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/karteMapping`);
    const karteOrganizationId = 'ZYXWVUTSRQzyxwvutsrq9876';
    const orgInput = page.getByLabel('KARTE組織ID');
    await orgInput.fill('too-short');
    await page.getByText('24文字の英数字で入力してください').waitFor();
    await expect(page.getByRole('button', { name: '保存' }).isDisabled()).resolves.toBe(true);
    await orgInput.fill(karteOrganizationId);
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, 'KARTE組織IDを保存しました');
    await page.reload();
    await expect(waitForInputValue(page.getByLabel('KARTE組織ID'), karteOrganizationId)).resolves.toBe(karteOrganizationId);
  });
});
