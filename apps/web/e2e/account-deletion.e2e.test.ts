/**
 * The account's own data in the account settings (docs/product-rules.md#account-deletion,
 * #account-data-export): the JSON download, the refusal while the person is the last administrator
 * of an organization, and the deletion after the account's address is typed, which signs the person
 * out; the address can then sign up again as a new account.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, fillLogin, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
/** An open modal dialog: axe checks it only, the page behind it being out of reach. */
const MODAL = '[role="dialog"][aria-modal="true"]';
const DELETED_MESSAGE = 'アカウントを削除しました';
const SCREENSHOTS = join(__dirname, '.artifacts', 'account-deletion');

/** Screenshots of the page as it is now at 360 and 1280 px (e2e/.artifacts/account-deletion/), the window 1280 px wide again after. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

async function newFixture(): Promise<Fixture> {
  const suffix = uniqueSuffix();
  return createOrganizationWithProject(`退会確認組織${suffix}`, `退会確認プロジェクト${suffix}`);
}

/** Resolves once the element's (and its descendants') animations and transitions have finished. */
async function settled(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Signs in and opens the profile page of the account settings, its deletion check answered. */
async function openProfile(page: Page, account: SeededAccount): Promise<void> {
  await loginThroughUi(page, account.email, account.password);
  const checked = page.waitForResponse((response) => response.url().endsWith('/account/deletionCheck') && response.ok());
  await open(page, '/account/profile');
  await checked;
  await page.getByRole('heading', { name: 'アカウント設定' }).waitFor();
}

const dangerZone = (page: Page) => page.getByRole('region', { name: '危険な操作' });
const deleteButton = (page: Page) => dangerZone(page).getByRole('button', { name: 'アカウントを削除' });

describe('deleting one’s own account', () => {
  it('is refused for the last administrator of an organization, named and linked to its member settings', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const admin = await seedMember(fixture, 'admin', 'admin', 'last-admin');
    await openProfile(page, admin);

    const refusal = dangerZone(page).getByRole('alert');
    await refusal.getByText('次の組織の最後の管理者のため、アカウントを削除できません').waitFor();
    const link = refusal.getByRole('link', { name: fixture.organization.name });
    await expect(link.getAttribute('href')).resolves.toBe(`/auth/organizations/${fixture.organization.id}/settings/members`);
    await expect(refusal.getByText('先に各組織のメンバー設定で別のメンバーを管理者にしてください。').count()).resolves.toBe(1);
    await expect(deleteButton(page).isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'account: profile, last admin');
    await screenshots(page, 'profile-last-admin');

    await link.click();
    await waitForPath(page, `/organizations/${fixture.organization.id}/settings/members`);
    await page.getByTestId('member-row').filter({ hasText: admin.email }).waitFor();
  });

  it('after handing over, deletes the account once its address is typed, by keyboard; the person is signed out and the old password fails', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'admin', 'member', 'leaving');
    await seedMember(fixture, 'admin', null, 'successor');
    await openProfile(page, person);
    await expect(dangerZone(page).getByRole('alert').count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page, 'account: profile, danger zone');
    await screenshots(page, 'profile');

    const button = deleteButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'アカウントを削除' });
    await settled(dialog);
    const input = dialog.getByRole('textbox', { name: 'メールアドレス' });
    const confirm = dialog.getByRole('button', { name: '削除する' });
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(dialog.getByText(person.email).count()).resolves.toBe(1);
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'account: delete dialog', { within: MODAL });

    // A wrong or partly typed address keeps the deletion disabled, and Enter does nothing.
    await page.keyboard.type(person.email.slice(0, -1));
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.type(person.email.slice(-1));
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await screenshots(page, 'delete-dialog');
    // Escape cancels and forgets what was typed.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await settled(dialog);
    await expect(input.inputValue()).resolves.toBe('');
    await expect(confirm.isDisabled()).resolves.toBe(true);

    // Typed in capitals it is the same address; Enter in the field deletes.
    await page.keyboard.type(person.email.toUpperCase());
    await expect(confirm.isEnabled()).resolves.toBe(true);
    const deleted = page.waitForResponse((response) => response.url().endsWith('/account/delete'));
    await page.keyboard.press('Enter');
    await expect(deleted.then((response) => response.status())).resolves.toBe(200);
    await waitForPath(page, '/login');
    await expectToast(page, DELETED_MESSAGE);
    expect((await session().context.cookies()).map((cookie) => cookie.name)).not.toContain('console_session_test');

    // The account settings now lead to the sign-in page.
    await open(page, '/account/profile');
    await waitForPath(page, '/login');

    await fillLogin(page, person.email, person.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expectToast(page, 'ログインできませんでした');
    await waitForPath(page, '/login');
    expect(session().errors).toEqual([]);
  });

  it('when the other administrator was demoted meanwhile, refuses the deletion, names the organization and keeps the person signed in', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'admin', null, 'meanwhile');
    const successor = await seedMember(fixture, 'admin', null, 'demoted');
    await openProfile(page, person);
    await deleteButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'アカウントを削除' });
    await dialog.getByRole('textbox', { name: 'メールアドレス' }).fill(person.email);

    const memberRole = fixture.organization.roles.find((role) => role.key === 'member');
    if (!memberRole) throw new Error('no member role');
    await api('/account/assignOrganizationRole', await rootIdToken(), {
      accountId: successor.id,
      props: { organizationId: fixture.organization.id, roleId: memberRole.id },
    });
    const refused = page.waitForResponse((response) => response.url().endsWith('/account/delete'));
    await dialog.getByRole('button', { name: '削除する' }).click();
    await expect(refused.then((response) => response.status())).resolves.toBe(409);
    await expectToast(page, 'アカウントを削除できませんでした');
    await dialog.waitFor({ state: 'hidden' });
    await dangerZone(page).getByRole('alert').getByRole('link', { name: fixture.organization.name }).waitFor();
    await expect(deleteButton(page).isDisabled()).resolves.toBe(true);
    await waitForPath(page, '/account/profile');
    await expect(api<{ id: string }>('/account/get', person.idToken)).resolves.toMatchObject({ id: person.id });
  });

  it('lets the address sign up again as a new, empty account', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'member', 'member', 'returning');
    await api('/account/delete', person.idToken, { confirmation: person.email });

    await open(page, '/sign-up');
    await page.getByLabel('メールアドレス').fill(person.email);
    await page.getByLabel('パスワード', { exact: true }).fill('returning-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await expectToast(page, 'アカウントを登録しました');
    await waitForPath(page, '/projects');
    await page.getByText('まだプロジェクトがありません').waitFor();

    const download = await downloadAccountData(page);
    expect(download.data.profile.id).not.toBe(person.id);
    expect(download.data.profile.email).toBe(person.email);
    expect(download.data.memberships).toEqual([]);
    // The invitation the deleted account accepted stays that account's.
    expect(download.data.invitationsReceived).toEqual([]);
  });

  it('is refused by the API for a wrong address, and the account stays', async () => {
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'member', null, 'unconfirmed');
    await expect(api('/account/delete', person.idToken, { confirmation: `x${person.email}` })).rejects.toThrow(/DELETION_NOT_CONFIRMED/);
    const account = await api<{ id: string; email: string }>('/account/get', person.idToken);
    expect(account).toMatchObject({ id: person.id, email: person.email });
  });
});

interface AccountDataFile {
  exportedAt: string;
  profile: { id: string; email: string };
  memberships: {
    organizationId: string;
    organizationName: string;
    role: { key: string };
    projects: { projectId: string; projectName: string; role: { key: string } }[];
  }[];
  invitationsReceived: unknown[];
  auditEvents: { action: string }[];
}

/** Opens the profile page of the signed-in account, downloads its data and reads the file. */
async function downloadAccountData(page: Page): Promise<{ filename: string; data: AccountDataFile }> {
  await open(page, '/account/profile');
  const button = page.getByRole('button', { name: 'データをダウンロード' });
  const downloaded = page.waitForEvent('download');
  await button.click();
  const download = await downloaded;
  const path = await download.path();
  return { filename: download.suggestedFilename(), data: JSON.parse(await readFile(path, 'utf8')) as AccountDataFile };
}

describe('downloading one’s own data', () => {
  it('saves a JSON file with the profile and the memberships', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'member', 'admin', 'download');
    await loginThroughUi(page, person.email, person.password);
    const { filename, data } = await downloadAccountData(page);

    // Named by the day of the export (in the browser's time zone), not by an id the person never sees.
    expect(filename).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(Math.abs(Date.parse(filename.slice('account-data-'.length, -'.json'.length)) - Date.parse(data.exportedAt))).toBeLessThan(2 * 86_400_000);
    expect(data.profile).toMatchObject({ id: person.id, email: person.email });
    expect(data.memberships).toEqual([
      {
        organizationId: fixture.organization.id,
        organizationName: fixture.organization.name,
        role: expect.objectContaining({ key: 'member' }) as unknown,
        projects: [{ projectId: fixture.project.id, projectName: fixture.project.name, role: expect.objectContaining({ key: 'admin' }) as unknown }],
      },
    ]);
    expect(data.auditEvents.map((event) => event.action)).toContain('invitation.accept');
  });
});

describe('the account data section in English', () => {
  it('shows the section, the danger zone and the dialog in English', async () => {
    const { page } = session();
    const fixture = await newFixture();
    const person = await seedMember(fixture, 'member', null, 'english-leaving');
    await api('/account/update', person.idToken, { locale: 'en' });
    await loginThroughUi(page, person.email, person.password);
    await open(page, '/account/profile');
    await page.getByRole('heading', { name: 'Your account data' }).waitFor();
    await page.getByRole('button', { name: 'Download your data' }).waitFor();
    const zone = page.getByRole('region', { name: 'Danger zone' });
    await zone.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByText(`This cannot be undone. To confirm, type the email address of your account, ${person.email}.`).waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Email address' }).count()).resolves.toBe(1);
    await expect(dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByText('アカウント').count()).resolves.toBe(0);
  });
});
