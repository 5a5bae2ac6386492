/**
 * Single sign-on through a SAML identity provider in the browser (docs/integration.md#saml): an
 * organization admin configures the SAML connection on the SSO tab, a member on the organization's
 * verified domain gives their address on the sign-in page, signs in at the identity provider's login
 * form (tools/saml-test-idp.cjs, on loopback) and lands in the organization; an answer meant for
 * another service is refused with its message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSamlIdp } from '../../../tools/saml-test-idp.cjs';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, verifiedDomain, type Fixture } from './support/settings-fixtures';
import { stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
const suffix = uniqueSuffix();
const DOMAIN = `saml-${suffix}.example.jp`;
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;
let idp: Awaited<ReturnType<typeof startSamlIdp>>;

beforeAll(async () => {
  idp = await startSamlIdp();
  fixture = await createOrganizationWithProject(`SAMLテスト${suffix}`, `SAMLプロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', null, 'saml-admin');
  member = await seedMember(fixture, 'member', 'member', 'saml-member', DOMAIN);
  await verifiedDomain(fixture, admin, DOMAIN);
});

afterAll(async () => {
  await idp.stop();
});

/** From the sign-in page, with the address alone, to the identity provider's login form. */
async function toIdentityProvider(page: Page, email: string): Promise<void> {
  await open(page, '/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'SSOでログイン', exact: true }).click();
  await page.waitForURL((url) => url.origin === idp.url && url.pathname === '/sso');
}

/** Signs in at the identity provider's login form, which posts its answer (`answer`: one of its cases) to the console. */
async function signInAtIdentityProvider(page: Page, email: string, answer = 'valid'): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Answer').selectOption(answer);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('SAML single sign-on', () => {
  it('an organization admin configures the SAML connection on the SSO tab', async () => {
    const { page } = session();
    await loginThroughUi(page, admin.email, admin.password);
    await open(page, `/organizations/${fixture.organization.id}/settings/sso`);
    await page.getByRole('heading', { name: 'シングルサインオン（SSO）', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'プロトコル' }).click();
    await page.getByRole('option', { name: 'SAML' }).click();
    await page.getByLabel('IDプロバイダーのエンティティID').fill(idp.entityId);
    await page.getByLabel('SSO URL').fill(idp.ssoUrl);
    await page.getByLabel('署名証明書（PEM形式）').fill(readFileSync(join(__dirname, '../../../tools/fixtures/saml-test-idp.cert.pem'), 'utf8'));
    // What the admin registers at the identity provider: the callback (ACS) and the console's entity id, where its metadata is.
    await expect(page.getByTestId('sso-callback-url').innerText()).resolves.toBe(`${stack.origin}/api/auth/sso/callback`);
    const entityId = await page.getByTestId('sso-saml-entity-id').innerText();
    expect(entityId).toBe(`${stack.origin}/api/auth/sso/saml/metadata`);
    await expect((await page.request.get(entityId)).text()).resolves.toContain(`entityID="${entityId}"`);
    await expectNoSeriousA11yViolations(page, 'SSO tab with a SAML connection being configured');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expectToast(page, 'SSOの設定を保存しました');
  });

  it('a member on the domain signs in at the SAML identity provider and lands in the organization', async () => {
    const { page } = session();
    await toIdentityProvider(page, member.email);
    await signInAtIdentityProvider(page, member.email);
    // Signed in, the web leads on as after any sign-in: to the project chooser, or the one project.
    await page.waitForURL((url) => url.pathname.startsWith('/auth/projects'));
    await open(page, `/projects/${fixture.project.id}`);
    await page.getByRole('heading', { name: fixture.project.name, level: 1 }).waitFor();
  });

  it('an answer meant for another service is refused with its message', async () => {
    const { page } = session();
    await toIdentityProvider(page, member.email);
    await signInAtIdentityProvider(page, member.email, 'wrong-audience');
    await waitForPath(page, '/sso');
    await page.getByRole('heading', { name: 'SSOでログインできませんでした' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'IDプロバイダーの応答が別のアプリケーション宛てのため、ログインできませんでした。管理者にお問い合わせください' })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'SSO refusal');
  });
});
