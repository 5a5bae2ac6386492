/**
 * Two-factor authentication in the browser (docs/product-rules.md#multi-factor-authentication): a
 * person enrols an SMS factor in the account settings with the code the Auth Emulator "sent" (read
 * from its verificationCodes endpoint), signs out, signs in with the second factor, and removes it;
 * an organization admin requires a second factor on the Security tab (refused while their own
 * sign-in has none), and a member without one is led from the organization to the enrolment and back.
 */
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, fillLogin, loginThroughUi, newSession, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix } from './support/settings-fixtures';
import { api, rootIdToken, seedAccount, stack, verifyEmailAddress, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
const MFA_REQUIRED_MESSAGE = 'この組織では二要素認証が必要です。アカウント設定で二要素認証を登録し、二要素認証でログインしてください';

/** A Japanese mobile number no other test uses, as typed and in E.164. */
function uniquePhone(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `090-${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+8190${digits}` };
}

/** The SMS codes the Auth Emulator has "sent" to a number, oldest first. */
async function smsCodes(phoneNumber: string): Promise<string[]> {
  const response = await fetch(`http://${stack.emulatorHost}/emulator/v1/projects/${stack.projectId}/verificationCodes`);
  const { verificationCodes } = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return verificationCodes.filter((c) => c.phoneNumber === phoneNumber).map((c) => c.code);
}

/** The code of the next SMS to the number (after `sent` earlier ones). */
async function nextSmsCode(phoneNumber: string, sent: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const codes = await smsCodes(phoneNumber);
    const code = codes[sent];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS code for ${phoneNumber}`);
}

const section = (page: Page) => page.getByTestId('second-factors');

/** Enrols the phone in the account settings' two-factor authentication (a wrong code first, when asked). */
async function enrol(page: Page, phone: { typed: string; e164: string }, options: { wrongCodeFirst?: boolean } = {}): Promise<void> {
  const sent = (await smsCodes(phone.e164)).length;
  await section(page).getByLabel('電話番号').fill(phone.typed);
  await section(page).getByRole('button', { name: '確認コードを送信' }).click();
  await section(page).getByText(`${phone.e164}に送信した確認コードを入力してください`).waitFor();
  const code = await nextSmsCode(phone.e164, sent);
  if (options.wrongCodeFirst) {
    await section(page)
      .getByLabel('確認コード')
      .fill(code === '000000' ? '111111' : '000000');
    await section(page).getByRole('button', { name: '登録', exact: true }).click();
    await section(page).getByText('確認コードが正しくありません').waitFor();
  }
  await section(page).getByLabel('確認コード').fill(code);
  await section(page).getByRole('button', { name: '登録', exact: true }).click();
  await expectToast(page, '二要素認証を登録しました');
  await section(page)
    .getByRole('button', { name: `${phone.e164}を削除` })
    .waitFor();
}

/** The newest audit events of an action about a target, read by the root system administrator. */
async function auditEvents(action: string, targetId: string): Promise<{ changes: Record<string, { after: unknown }> }[]> {
  const page = await api<{ items: { targetId: string; changes: Record<string, { after: unknown }> }[] }>('/systemAdmin/auditEvent/list', await rootIdToken(), {
    action,
    limit: 100,
  });
  return page.items.filter((e) => e.targetId === targetId);
}

async function verifiedAccount(prefix: string): Promise<SeededAccount> {
  const account = await seedAccount(prefix);
  await verifyEmailAddress(account.email, account.password);
  return account;
}

describe('two-factor authentication', () => {
  it('enrols an SMS factor, signs in with it (by keyboard), and removes it', async () => {
    const account = await verifiedAccount('mfa');
    const phone = uniquePhone();
    const { page } = session();
    await loginThroughUi(page, account.email, account.password);
    await open(page, '/account/authentication');
    await section(page).getByText('登録されていません').waitFor();
    await expectNoSeriousA11yViolations(page, 'account-two-factor');

    await section(page).getByLabel('電話番号').fill('12-34');
    await section(page).getByRole('button', { name: '確認コードを送信' }).click();
    await section(page).getByText('電話番号を正しく入力してください（例: 090-1234-5678）').waitFor();
    await enrol(page, phone, { wrongCodeFirst: true });
    expect(await auditEvents('account.enrollSecondFactor', account.id)).toHaveLength(1);

    await open(page, '/logout');
    await waitForPath(page, '/login');
    const sent = (await smsCodes(phone.e164)).length;
    await fillLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    const codeInput = page.getByLabel('確認コード');
    await codeInput.waitFor();
    await page.getByText(/に送信した確認コードを入力してください$/).waitFor();
    await expectNoSeriousA11yViolations(page, 'login-second-factor');
    // The code field has the focus: the code is typed and sent by keyboard.
    expect(await codeInput.evaluate((el) => el === document.activeElement)).toBe(true);
    const exchanged = page.waitForResponse((response) => response.url().endsWith('/session/login') && response.ok());
    await page.keyboard.type(await nextSmsCode(phone.e164, sent));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await exchanged;
    const [login] = await auditEvents('session.login', account.id);
    expect(login?.changes.secondFactor?.after).toBe('phone');

    await open(page, '/account/authentication');
    await section(page)
      .getByRole('button', { name: `${phone.e164}を削除` })
      .click();
    await expectToast(page, '二要素認証を削除しました');
    await section(page).getByText('登録されていません').waitFor();
    expect(await auditEvents('account.removeSecondFactor', account.id)).toHaveLength(1);
  });

  it('an organization requires a second factor: the admin first signs in with one; a member is led to the enrolment and back', async () => {
    const suffix = uniqueSuffix();
    const fixture = await createOrganizationWithProject(`二要素必須テスト${suffix}`, `二要素必須プロジェクト${suffix}`);
    const admin = await seedMember(fixture, 'admin', null, 'mfa-admin');
    const member = await seedMember(fixture, 'member', null, 'mfa-member');
    await Promise.all([verifyEmailAddress(admin.email, admin.password), verifyEmailAddress(member.email, member.password)]);
    const securityTab = `/organizations/${fixture.organization.id}/settings/security`;
    const { page } = session();

    // The admin's sign-in has no second factor: requiring one is refused with the reason.
    await loginThroughUi(page, admin.email, admin.password);
    await open(page, securityTab);
    const requirement = page.getByRole('checkbox', { name: '二要素認証を必須にする' });
    await requirement.waitFor();
    await expectNoSeriousA11yViolations(page, 'organization-security');
    await requirement.focus();
    await page.keyboard.press('Space');
    expect(await requirement.isChecked()).toBe(true);
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '更新ができませんでした');
    await page.getByText('二要素認証を必須にするには、先にご自身が二要素認証を登録し、二要素認証でログインしてください').waitFor();

    // Enrolled (its sign-in now has the second factor), the admin requires it.
    await open(page, '/account/authentication');
    await enrol(page, uniquePhone());
    await open(page, securityTab);
    await requirement.check();
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '更新しました');
    expect(await auditEvents('organization.updateSecurity', fixture.organization.id)).toHaveLength(1);

    // A member without a second factor is led from the organization to the enrolment, and back once enrolled.
    const other = await newSession(browser());
    try {
      await loginThroughUi(other.page, member.email, member.password);
      await open(other.page, `/organizations/${fixture.organization.id}/settings/general`);
      await other.page.waitForURL((url) => url.pathname === '/auth/account/authentication' && url.searchParams.get('mfa') === 'required');
      expect(new URL(other.page.url()).searchParams.get('returnTo')).toBe(`/organizations/${fixture.organization.id}/settings/general`);
      await section(other.page).getByText(MFA_REQUIRED_MESSAGE).waitFor();
      await expectNoSeriousA11yViolations(other.page, 'account-two-factor-required');
      await enrol(other.page, uniquePhone());
      await section(other.page).getByRole('link', { name: '元の画面に戻る' }).click();
      await waitForPath(other.page, `/organizations/${fixture.organization.id}/settings/general`);
      await other.page.getByRole('heading', { name: '基本情報', level: 1 }).waitFor();
    } finally {
      await other.context.close();
    }
  });
});
