/**
 * Verified domains in the browser (docs/product-rules.md#verified-domains): the organization
 * settings' ドメイン tab of an admin and of a plain member, and the system-admin ドメイン screen. The
 * API checks the TXT records at the stack's loopback DNS server, whose answers the tests set
 * (tools/dns-test-records.cjs).
 */
import { domainToASCII } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { ja } from '@/locales/ja';
import { domains as domainTexts } from '@/locales/ja/domains';
import { setDnsAnswer } from '../../../tools/dns-test-records.cjs';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();
let fixture: Fixture;
let admin: SeededAccount;
let member: SeededAccount;
const suffix = uniqueSuffix();
/** An internationalised name, shown as typed and stored in its punycode form. */
const IDN = `例え${suffix}.jp`;
const IDN_ASCII = domainToASCII(IDN);
/** A domain verified after its record's wrong value is fixed. */
const FIXED = `fixed-${suffix}.example.jp`;
/** A domain whose record is never published: checked (NXDOMAIN), then verified by hand. */
const MISSING = `missing-${suffix}.example.jp`;

beforeAll(async () => {
  fixture = await createOrganizationWithProject(`ドメイン確認テスト${suffix}`, `ドメイン確認プロジェクト${suffix}`);
  admin = await seedMember(fixture, 'admin', null, 'domains-admin');
  member = await seedMember(fixture, 'member', null, 'domains-member');
});

const domainsTab = () => `/organizations/${fixture.organization.id}/settings/domains`;

async function openDomainsAs(account: { email: string; password: string }): Promise<void> {
  await openSignedIn(session(), account, domainsTab());
  await session().page.getByRole('heading', { name: 'ドメイン', level: 1 }).waitFor();
}

/** The card of a domain (by its ASCII name) on the organization's tab. */
const card = (page: Page, domain: string): Locator => page.locator(`[data-testid="domain"][data-domain="${domain}"]`);

async function addDomain(page: Page, name: string): Promise<void> {
  await page.getByLabel('ドメイン', { exact: true }).fill(name);
  await page.getByRole('button', { name: '追加', exact: true }).click();
  await expectToast(page, 'ドメインを追加しました');
}

/** The TXT record's host name and value as the card shows them. */
async function shownRecord(domainCard: Locator): Promise<{ name: string; value: string }> {
  const fields = domainCard.getByTestId('record-field');
  await fields.first().waitFor();
  return { name: await fields.nth(0).innerText(), value: await fields.nth(1).innerText() };
}

async function expectState(domainCard: Locator, state: string): Promise<void> {
  await domainCard.getByTestId('domain-state').filter({ hasText: state }).waitFor();
}

describe('verified domains', () => {
  it('an organization admin adds an internationalised domain, copies its TXT record, publishes it and verifies it', async () => {
    const { page, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
    await openDomainsAs(admin);
    await page.getByTestId('domains-empty').waitFor();
    await addDomain(page, IDN);

    const domain = card(page, IDN_ASCII);
    await expectState(domain, '確認待ち');
    // Shown as typed, with its ASCII form beside it.
    await expect(domain.getByText(IDN, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(domain.getByText(IDN_ASCII, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(domain.getByText('最終確認: 未確認').isVisible()).resolves.toBe(true);
    const record = await shownRecord(domain);
    expect(record.name).toBe(`_console-verification.${IDN_ASCII}`);
    expect(record.value).toMatch(/^console-verification=[\w-]{16,}$/);
    await domain.getByRole('button', { name: 'コピー: 値' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(record.value);
    await domain.getByRole('button', { name: 'コピー: ホスト名' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(record.name);
    await expectNoSeriousA11yViolations(page, 'organization domains tab');

    setDnsAnswer(record.name, { txt: ['v=spf1 -all', record.value] });
    await domain.getByRole('button', { name: '確認', exact: true }).click();
    await expectToast(page, `${IDN} を確認しました`);
    await expectState(domain, '確認済み');
    await expect(domain.getByText('DNSで確認', { exact: false }).isVisible()).resolves.toBe(true);
    // A verified domain needs its record no more: the record is not shown, nor any failure.
    await expect(domain.getByTestId('record-field').count()).resolves.toBe(0);
    await expect(domain.getByTestId('domain-error').count()).resolves.toBe(0);
  });

  it('a wrong value or a missing record shows why, and a re-check succeeds once the record is fixed', async () => {
    const { page } = session();
    await openDomainsAs(admin);
    await addDomain(page, FIXED);
    const fixed = card(page, FIXED);
    const record = await shownRecord(fixed);
    setDnsAnswer(record.name, { txt: ['console-verification=someone-elses-token'] });
    await fixed.getByRole('button', { name: '確認', exact: true }).click();
    await expectState(fixed, '確認失敗');
    await expect(fixed.getByTestId('domain-error').innerText()).resolves.toBe(domainTexts.failures.WRONG_TOKEN);
    // The record stays in view to be fixed; the check is now a re-check.
    await expect(shownRecord(fixed)).resolves.toEqual(record);
    setDnsAnswer(record.name, { txt: [record.value] });
    await fixed.getByRole('button', { name: '再確認' }).click();
    await expectState(fixed, '確認済み');
    await expect(fixed.getByTestId('domain-error').count()).resolves.toBe(0);

    await addDomain(page, MISSING);
    const missing = card(page, MISSING);
    await missing.getByRole('button', { name: '確認', exact: true }).click();
    await expectState(missing, '確認失敗');
    await expect(missing.getByTestId('domain-error').innerText()).resolves.toBe(domainTexts.failures.NXDOMAIN);
    await expect(missing.getByRole('button', { name: '再確認' }).isEnabled()).resolves.toBe(true);
  });

  it('refuses a public webmail domain with its message, keeping what was typed', async () => {
    const { page } = session();
    await openDomainsAs(admin);
    const input = page.getByLabel('ドメイン', { exact: true });
    await input.fill('gmail.com');
    await page.getByRole('button', { name: '追加', exact: true }).click();
    await page.getByText(ja.errors.PUBLIC_WEBMAIL_DOMAIN, { exact: true }).waitFor();
    await expect(input.inputValue()).resolves.toBe('gmail.com');
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(card(page, 'gmail.com').count()).resolves.toBe(0);
  });

  it('a plain member sees the domains with every control disabled and 権限がありません', async () => {
    const { page } = session();
    await openDomainsAs(member);
    const domain = card(page, IDN_ASCII);
    await expectState(domain, '確認済み');
    await expect(page.getByLabel('ドメイン', { exact: true }).isDisabled()).resolves.toBe(true);
    const add = page.getByRole('button', { name: '追加', exact: true });
    await expect(add.isDisabled()).resolves.toBe(true);
    const missing = card(page, MISSING);
    await expect(missing.getByRole('button', { name: '再確認' }).isDisabled()).resolves.toBe(true);
    await expect(missing.getByRole('button', { name: '削除' }).isDisabled()).resolves.toBe(true);
    await page.locator('[data-no-permission]').filter({ has: add }).hover();
    await page.getByRole('tooltip', { name: '権限がありません' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'organization domains tab of a member');
  });

  it('a system admin sees every domain and verifies one by hand after a confirmation, with the keyboard', async () => {
    const { page } = session();
    await openSignedIn(session(), stack.root, '/system-admin');
    await page.getByRole('tab', { name: 'ドメイン' }).click();
    await waitForPath(page, '/system-admin/domains');
    const row = (domain: string) => page.locator(`[data-testid="domain-row"][data-domain="${domain}"]`);
    await row(IDN_ASCII).waitFor();
    await expect(row(IDN_ASCII).getByTestId('domain-state').innerText()).resolves.toBe('確認済み');
    await expect(row(IDN_ASCII).getByText(fixture.organization.name).isVisible()).resolves.toBe(true);
    await expect(row(MISSING).getByText(domainTexts.failures.NXDOMAIN).isVisible()).resolves.toBe(true);
    // A verified domain has nothing to verify by hand.
    await expect(row(IDN_ASCII).getByRole('button').count()).resolves.toBe(0);

    // Searched by organization or domain in the page.
    const search = page.getByLabel('検索', { exact: true });
    await search.fill(`missing-${suffix}`);
    await row(IDN_ASCII).waitFor({ state: 'detached' });
    await expect(page.getByTestId('domain-row').count()).resolves.toBe(1);
    await expectNoSeriousA11yViolations(page, 'system-admin domains');

    const verify = row(MISSING).getByRole('button', { name: `手動で確認済みにする: ${MISSING}` });
    await verify.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '手動で確認済みにする' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(MISSING);
    await expectDialogTrapsAndReturnsFocus(page, dialog, verify);
    await expect(row(MISSING).getByTestId('domain-state').innerText()).resolves.toBe('確認失敗');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '確認済みにする' }).click();
    await expectToast(page, 'ドメインを確認済みにしました');
    await row(MISSING).getByTestId('domain-state').filter({ hasText: '確認済み' }).waitFor();
    await expect(row(MISSING).getByText('システム管理者が確認').isVisible()).resolves.toBe(true);

    // The organization's own tab shows it verified by hand.
    const token = admin.idToken;
    const domains = await api<{ domain: string; state: string; verifiedBy: string | null }[]>('/organization/domain/list', token, {
      organizationId: fixture.organization.id,
    });
    expect(domains.find((d) => d.domain === MISSING)).toMatchObject({ state: 'verified', verifiedBy: 'systemAdmin' });
  });
});
