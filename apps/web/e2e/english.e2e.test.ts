import type { Page } from 'playwright-core';
import { expectToast, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, uniqueEmail, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
/** Organization admin and project admin, whose account is in Japanese (the default) at first. */
let admin: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`English Org ${suffix}`, `English Project ${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'english');
});

function settingsPath(view: string): string {
  return `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=${view}`;
}

function htmlLang(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('lang'));
}

/** The language stored on the account, once it is `expected` (the console saves it in the background). */
async function accountLocaleBecomes(idToken: string, expected: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { locale } = await api<{ locale: string }>('/account/get', idToken);
    if (locale === expected || Date.now() > deadline) return locale;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the console in English', () => {
  it('a visitor switches to English on the login page, signs in, opens project settings and invites a member; the choice outlives a reload and is stored on the account', async () => {
    const { page } = session();
    await open(page, '/login');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('ja');

    await page.getByRole('group', { name: '言語' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    await expect(page.title()).resolves.toBe('Sign in | Console');
    await expect(page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByLabel('Email address').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    // The language picked before signing in is saved on the account.
    await expect(accountLocaleBecomes(admin.idToken, 'en')).resolves.toBe('en');

    await open(page, settingsPath('general'));
    await page.getByRole('heading', { name: fixture.project.name }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    await expect(page.title()).resolves.toBe(`${fixture.project.name} | Console`);
    await expect(page.getByRole('tab').allInnerTexts()).resolves.toEqual(['General', 'Members', 'Roles', 'Product usage']);
    await expect(page.getByLabel('Project name').inputValue()).resolves.toBe(fixture.project.name);

    await page.getByRole('tab', { name: 'Members' }).click();
    await waitForPath(page, settingsPath('members'));
    await page.getByText('1 member', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite members to ${fixture.project.name}` });
    await dialog.waitFor();
    const input = dialog.getByRole('textbox', { name: 'User names or email addresses' });
    await input.fill('not-an-email');
    await input.press('Enter');
    await dialog.getByText('Enter a valid email address').waitFor();
    const invited = uniqueEmail('invited-in-english');
    await input.fill(invited);
    await input.press('Enter');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(page, 'The members have been invited');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('invitation-row').filter({ hasText: invited });
    await row.getByText('Invited', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Members', selected: true }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    await expect(page.getByText('メンバーを招待').count()).resolves.toBe(0);
  });

  it('a signed-in user switches back to Japanese in the account menu; the account keeps it', async () => {
    const { page } = session();
    await api('/account/update', admin.idToken, { locale: 'en' });
    await open(page, '/login');
    // Signed out, this browser has no language yet: Japanese; the account's English wins at sign-in.
    await page.getByLabel('メールアドレス').fill(admin.email);
    await page.getByLabel('パスワード', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await open(page, settingsPath('general'));
    await page.getByRole('tab', { name: 'General', selected: true }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).resolves.toBe('true');
    await menu.getByRole('menuitemradio', { name: '日本語' }).click();
    await page.getByRole('tab', { name: '基本情報', selected: true }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('ja');
    await expect(page.title()).resolves.toBe(`${fixture.project.name} | コンソール`);
    await expect(accountLocaleBecomes(admin.idToken, 'ja')).resolves.toBe('ja');
  });
});
