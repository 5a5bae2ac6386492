/**
 * Joining an organization through its verified domains in the browser (docs/product-rules.md#auto-join):
 * an admin sets automatic join on the ドメイン tab, a new person on the domain signs up, verifies the
 * address and lands in the organization's project; in request mode the person asks to join, an admin
 * approves with the keyboard on the 参加リクエスト tab, and the person gets access.
 */
import type { Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginThroughUi, newSession, open, setUpBrowserSessions, waitForPath, type Session } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, verifiedDomain, type Fixture } from './support/settings-fixtures';
import { api, applyEmailVerification, createIdentity, verifyEmailAddress, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
const suffix = uniqueSuffix();
const AUTOMATIC = `auto-${suffix}.example.jp`;
const REQUEST = `request-${suffix}.example.jp`;

const roleId = (roles: { id: string; key: string }[], key: string): string => {
  const role = roles.find((r) => r.key === key);
  if (!role) throw new Error(`no ${key} role`);
  return role.id;
};

beforeAll(async () => {
  fixture = await createOrganizationWithProject(`自動参加テスト${suffix}`, `自動参加プロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', 'admin', 'auto-join-admin');
  await verifiedDomain(fixture, admin, AUTOMATIC);
  const requestDomainId = await verifiedDomain(fixture, admin, REQUEST);
  await api('/organization/domain/setJoinPolicy', admin.idToken, {
    organizationId: fixture.organization.id,
    domainId: requestDomainId,
    mode: 'request',
    roleId: roleId(fixture.organization.roles, 'member'),
    projects: [{ projectId: fixture.project.id, roleId: roleId(fixture.project.roles, 'member') }],
  });
});

const domainsTab = () => `/organizations/${fixture.organization.id}/settings/domains`;
const joinRequestsTab = () => `/organizations/${fixture.organization.id}/settings/joinRequests`;
/** Picks the join policy's mode in its dialog. */
async function chooseMode(page: Page, mode: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: '参加設定' }).selectOption({ label: mode });
}

const card = (page: Page, domain: string) => page.locator(`[data-testid="domain"][data-domain="${domain}"]`);

describe('auto-join', () => {
  it('an admin sets automatic join; a new person on the domain signs up, verifies the address and lands in the project', async () => {
    const { page } = session();
    await loginThroughUi(page, admin.email, admin.password);
    await open(page, domainsTab());
    const domain = card(page, AUTOMATIC);
    await expect(domain.getByTestId('join-policy-mode').innerText()).resolves.toBe('参加させない');
    const edit = domain.getByRole('button', { name: '参加設定', exact: true });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `参加設定: ${AUTOMATIC}` });
    await dialog.waitFor();
    await chooseMode(page, '自動で参加させる');
    await expect(dialog.getByRole('combobox', { name: '組織のロール' }).inputValue()).resolves.toBe(roleId(fixture.organization.roles, 'member'));
    await dialog.getByRole('combobox', { name: fixture.project.name }).selectOption({ label: 'メンバー' });
    await expectNoSeriousA11yViolations(page, 'join policy dialog');
    await expectDialogTrapsAndReturnsFocus(page, dialog, edit);
    await edit.click();
    await dialog.waitFor();
    await chooseMode(page, '自動で参加させる');
    await dialog.getByRole('combobox', { name: fixture.project.name }).selectOption({ label: 'メンバー' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '更新しました');
    await domain.getByTestId('join-policy-mode').filter({ hasText: '自動で参加させる (メンバー)' }).waitFor();
    await expect(domain.getByText(`プロジェクト: ${fixture.project.name} (メンバー)`).isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'domains tab with a join policy');

    const other = await secondSession();
    const person = other.page;
    const email = `newcomer-${suffix}@${AUTOMATIC}`;
    await open(person, '/sign-up');
    await person.getByLabel('メールアドレス').fill(email);
    await person.getByLabel('パスワード', { exact: true }).fill('auto-join-pass-1');
    await person.getByRole('button', { name: '登録する' }).click();
    await waitForPath(person, '/projects');
    const offer = person.getByTestId('domain-join-verify');
    await offer.waitFor();
    await expect(offer.innerText()).resolves.toContain(`メールアドレスの確認で「${fixture.organization.name}」に参加できます`);
    await expectNoSeriousA11yViolations(person, 'project chooser asking to verify the address');
    await offer.getByRole('button', { name: '確認メールを送信' }).click();
    await expectToast(person, '確認メールを送信しました');
    await applyEmailVerification(email);
    await offer.getByRole('button', { name: '確認しました' }).click();
    await expectToast(person, `組織「${fixture.organization.name}」に参加しました`);
    await waitForPath(person, `/projects/${fixture.project.id}`);
    await person.getByRole('heading', { name: fixture.project.name, level: 1 }).waitFor();
  });

  it('in request mode the person asks to join, an admin approves with the keyboard, and the person gets access', async () => {
    const { page } = session();
    const email = `requester-${suffix}@${REQUEST}`;
    const password = 'request-pass-1';
    const idToken = await createIdentity(email, password);
    await api('/account/create', idToken);
    await verifyEmailAddress(email, password);

    await loginThroughUi(page, email, password);
    await waitForPath(page, '/projects');
    const offer = page.getByTestId('domain-join-request');
    await offer.waitFor();
    await offer.getByRole('button', { name: `「${fixture.organization.name}」への参加をリクエスト` }).click();
    await offer.getByTestId('domain-join-pending').waitFor();
    await expectNoSeriousA11yViolations(page, 'project chooser with a pending join request');

    const other = await secondSession();
    const adminPage = other.page;
    await loginThroughUi(adminPage, admin.email, admin.password);
    await open(adminPage, joinRequestsTab());
    await adminPage.getByRole('heading', { name: '参加リクエスト', level: 1 }).waitFor();
    await adminPage.getByTestId('join-requests-pending').filter({ hasText: '承認待ち: 1' }).waitFor();
    const row = adminPage.locator(`[data-testid="join-request"][data-email="${email}"]`);
    await row.waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'join requests tab');
    await row.getByRole('button', { name: `承認: ${email}` }).focus();
    await adminPage.keyboard.press('Enter');
    await expectToast(adminPage, '更新しました');
    await row.waitFor({ state: 'detached' });
    await adminPage.getByTestId('join-requests-pending').filter({ hasText: '承認待ち: 0' }).waitFor();
    await adminPage.getByRole('group', { name: '絞り込み' }).getByRole('button', { name: 'すべて' }).click();
    await row.getByText('承認済み').waitFor();

    await page.reload();
    await page.getByTestId('project-list').getByText(fixture.project.name).waitFor();
    await expect(page.getByTestId('domain-join-request').count()).resolves.toBe(0);
  });
});

const others: Session[] = [];
/** A second session of the test (another person signed in), closed after it. */
async function secondSession(): Promise<Session> {
  const other = await newSession(browser());
  others.push(other);
  return other;
}

afterEach(async () => {
  for (const other of others.splice(0)) {
    await other.context.close();
    expect(other.cspViolations).toEqual([]);
  }
});
