/**
 * Single sign-on in the browser (docs/product-rules.md#single-sign-on), against a real OpenID provider
 * on loopback (tools/oidc-test-provider.mjs: its own login and consent pages): an organization
 * admin configures OIDC in the SSO settings; a member on the organization's domain, signed in with a
 * password, is refused with SSO_REQUIRED once SSO is required and led to the sign-in, which
 * discovers the SSO by address and sends them to the provider; back from it, they land in the
 * organization. A password sign-in of such an address is led to the provider too; a system
 * administrator sees the connection and disables it.
 */
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, fillLogin, loginThroughUi, newSession, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, stack, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
const SSO_REQUIRED_MESSAGE = 'この組織ではシングルサインオン（SSO）でのログインが必要です。SSOでログインし直してください';
const ISSUER = process.env.E2E_OIDC_ISSUER ?? '';

let fixture: Fixture;
let domain: string;
let admin: SeededAccount;
let member: SeededAccount;

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(`SSOテスト${suffix}`, `SSOプロジェクト${suffix}`);
  domain = `sso-${suffix}.example.jp`;
  const token = await rootIdToken();
  const added = await api<{ id: string }>('/organization/domain/add', token, { organizationId: fixture.organization.id, domain });
  await api('/systemAdmin/domain/verify', token, { domainId: added.id });
  [admin, member] = await Promise.all([seedMember(fixture, 'admin', null, 'sso-admin'), seedMember(fixture, 'member', 'member', 'taro', domain)]);
});

/** Signs in at the OpenID provider's own pages as `login` (any password), then consents. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === new URL(ISSUER).origin);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on', () => {
  it('configure → password session refused (SSO_REQUIRED) → discover by address → sign in at the provider → land in the organization', async () => {
    const projectPath = `/projects/${fixture.project.id}`;
    // The member's password session, from before the organization had SSO.
    const memberSession = await newSession(browser());
    try {
      const memberPage = memberSession.page;
      await loginThroughUi(memberPage, member.email, member.password);
      await open(memberPage, projectPath);
      await memberPage.getByText(fixture.project.name).first().waitFor();

      // The organization admin configures OIDC and requires it.
      const { page } = session();
      await loginThroughUi(page, admin.email, admin.password);
      await open(page, `/organizations/${fixture.organization.id}/settings/sso`);
      await page.getByLabel('発行者（Issuer）URL').fill(ISSUER);
      await page.getByLabel('クライアントID').fill('console-e2e');
      await page.getByLabel('クライアントシークレット').fill('console-e2e-secret');
      await page.getByTestId('sso-callback-url').getByText(`${stack.origin}/api/auth/sso/callback`).waitFor();
      await page.getByLabel('SSOでのログインを必須にする').check();
      await expectNoSeriousA11yViolations(page, 'organization-sso-settings');
      await page.getByRole('button', { name: '保存' }).click();
      await expectToast(page, 'SSOの設定を保存しました');

      // The member's password session is refused and led to the sign-in with their address.
      await open(memberPage, projectPath);
      await waitForPath(memberPage, '/login');
      await memberPage.getByText(SSO_REQUIRED_MESSAGE).waitFor();
      expect(await memberPage.getByLabel('メールアドレス').inputValue()).toBe(member.email);
      await expectNoSeriousA11yViolations(memberPage, 'login-sso-required');

      // Home-realm discovery by the address alone, the provider's pages, and back into the organization.
      await memberPage.getByRole('button', { name: 'SSOでログイン' }).click();
      await signInAtProvider(memberPage, member.email);
      await memberPage.waitForURL((url) => url.pathname.startsWith('/auth/projects'));
      await open(memberPage, projectPath);
      await memberPage.getByText(fixture.project.name).first().waitFor();
      expect(memberPage.url()).toContain(projectPath);
    } finally {
      await memberSession.context.close();
    }
  });

  it('a password sign-in of an address on the SSO domain is led to the provider; a refused answer is told on the completion page', async () => {
    const { page } = session();
    await open(page, '/login');
    await fillLogin(page, member.email, member.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await signInAtProvider(page, `someone-${uniqueSuffix()}@elsewhere.example.jp`);
    await waitForPath(page, '/sso');
    await page.getByText('このメールアドレスは組織のドメインではないため、SSOでログインできません').waitFor();
    await expectNoSeriousA11yViolations(page, 'sso-completion-error');
    await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
    await waitForPath(page, '/login');
  });

  it('a system administrator sees the connection and disables it: the address no longer leads to SSO', async () => {
    const { page } = session();
    await loginThroughUi(page, stack.root.email, stack.root.password);
    await open(page, '/system-admin/sso');
    const row = page.getByTestId('sso-connection-row').filter({ hasText: fixture.organization.name });
    await row.getByText('SSO必須').waitFor();
    await expectNoSeriousA11yViolations(page, 'system-admin-sso');
    await row.getByRole('button', { name: `無効にする: ${fixture.organization.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '無効にする' }).click();
    await expectToast(page, 'SSO接続を無効にしました');
    await row.getByText('無効').waitFor();
    const discovered = await fetch(`${stack.origin}/api/auth/sso/discover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email }),
    });
    expect(await discovered.json()).toEqual({ sso: false, startUrl: null });
  });
});
