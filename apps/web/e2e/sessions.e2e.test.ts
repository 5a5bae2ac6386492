/**
 * Sessions in the account settings (docs/architecture.md#sessions): a person signed in from two
 * browsers sees both, signs the other out (one, or all others after confirming), and the other
 * browser is taken to the sign-in page with a message at its next action. Screenshots of the
 * screen at 360 and 1280 px go to e2e/.artifacts/sessions/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginWithSessionCookie, newSession, open, setUpBrowserSessions, waitForPath, type Session } from './support/browser';
import { seedAccount, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
const SCREENSHOTS = join(__dirname, '.artifacts', 'sessions');
const REVOKED_MESSAGE = 'このセッションはログアウトされました。再度ログインしてください';

/** Signs in through the login screen and waits until the sign-in was exchanged for its session (the session cookie). */
function signIn(page: Page, account: SeededAccount): Promise<void> {
  return loginWithSessionCookie(page, account.email, account.password);
}

/** Signs the other browser in first, then this one, in a later second (a session is named by its sign-in time, in seconds). */
async function signInTwice(account: SeededAccount): Promise<{ mine: Session; other: Session }> {
  const other = await newSession(browser());
  await signIn(other.page, account);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const mine = session();
  await signIn(mine.page, account);
  return { mine, other };
}

const sessionItems = (page: Page) => page.getByTestId('session');

/** The other browser's next action (opening a page of the console) takes it to the sign-in page, which says why. */
async function expectSentToSignIn(other: Session): Promise<void> {
  await open(other.page, '/account/sessions');
  await waitForPath(other.page, '/login');
  await expectToast(other.page, REVOKED_MESSAGE);
}

describe('sessions in the account settings', () => {
  it('lists both browsers, signs the other one out, and sends it to the sign-in page at its next action', async () => {
    const account = await seedAccount('sessions');
    const { mine, other } = await signInTwice(account);
    try {
      await open(mine.page, '/account/sessions');
      await mine.page.getByRole('tab', { name: 'セッション', selected: true }).waitFor();
      await sessionItems(mine.page).nth(1).waitFor();
      expect(await sessionItems(mine.page).count()).toBe(2);
      const current = mine.page.locator('[data-testid="session"][data-current="true"]');
      await current.getByText('このデバイス').waitFor();
      expect(await current.getByText('メールアドレスとパスワード').count()).toBe(1);
      expect(await current.getByText('不明').count()).toBe(1);
      await expectNoSeriousA11yViolations(mine.page, 'sessions');
      for (const width of [360, 1280]) {
        await mine.page.setViewportSize({ width, height: 800 });
        await mine.page.screenshot({ path: join(SCREENSHOTS, `sessions-${width}.png`), fullPage: true });
      }

      await mine.page.getByRole('button', { name: /のセッションをログアウト$/ }).click();
      await expectToast(mine.page, 'セッションをログアウトしました');
      await mine.page.locator('[data-testid="session"]:nth-child(2)').waitFor({ state: 'detached' });
      expect(await sessionItems(mine.page).count()).toBe(1);

      await expectSentToSignIn(other);
      // This browser stays signed in.
      await mine.page.reload();
      await sessionItems(mine.page).first().waitFor();
      expect(await mine.page.getByRole('button', { name: '他のセッションをすべてログアウト' }).isDisabled()).toBe(true);
    } finally {
      await other.context.close();
    }
  });

  it('signs every other session out after a confirmation, by keyboard', async () => {
    const account = await seedAccount('sessions-all');
    const { mine, other } = await signInTwice(account);
    try {
      await open(mine.page, '/account/sessions');
      await sessionItems(mine.page).nth(1).waitFor();
      await mine.page.getByRole('button', { name: '他のセッションをすべてログアウト' }).focus();
      await mine.page.keyboard.press('Enter');
      const dialog = mine.page.getByRole('dialog', { name: '他のセッションをすべてログアウトしますか？' });
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(mine.page, 'sessions-confirmation', { within: '[role="dialog"]' });
      // The confirmation has the focus: Enter confirms.
      await mine.page.keyboard.press('Enter');
      await expectToast(mine.page, '他のセッションをログアウトしました');
      await dialog.waitFor({ state: 'detached' });
      expect(await sessionItems(mine.page).count()).toBe(1);

      await expectSentToSignIn(other);
    } finally {
      await other.context.close();
    }
  });
});
