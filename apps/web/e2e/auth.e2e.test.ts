import { expectToast, fillLogin, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { oobCodesFor, seedAccount, signInIdentity, uniqueEmail } from './support/stack';

const { session } = setUpBrowserSessions();

describe('sign-up', () => {
  it('creates the identity and the account, shows the toast and lands on the empty project chooser', async () => {
    const { page } = session();
    await open(page, '/sign-up');
    const email = uniqueEmail('signup');
    const submit = page.getByRole('button', { name: '登録する' });
    await expect(submit.isDisabled()).resolves.toBe(true);

    // The email error appears after blur, the password hint is always shown.
    await page.getByLabel('メールアドレス').fill('not-an-email');
    await page.getByLabel('パスワード', { exact: true }).focus();
    await page.getByText('メールアドレスを正しく入力してください').waitFor();
    await page.getByText('半角英数字・記号で8文字以上を入力してください').waitFor();

    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('short');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('パスワード', { exact: true }).fill('sign-up-pass-1');
    await expect(page.getByText('メールアドレスを正しく入力してください').count()).resolves.toBe(0);
    // Enter submits.
    await page.getByLabel('パスワード', { exact: true }).press('Enter');

    await expectToast(page, 'アカウントを登録しました');
    await waitForPath(page, '/projects');
    await page.getByText('まだプロジェクトがありません').waitFor();
    await page.getByText('ご利用を開始するには、営業担当までお問い合わせください。').waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-projects-empty.png' });

    // The account exists on the server: the same credentials log in from a fresh session.
    const token = await signInIdentity(email, 'sign-up-pass-1');
    expect(token.length).toBeGreaterThan(10);
  });

  it('rejects an address that is already registered with アカウントが登録できませんでした', async () => {
    const { page } = session();
    const existing = await seedAccount('dup');
    await open(page, '/sign-up');
    await page.getByLabel('メールアドレス').fill(existing.email);
    await page.getByLabel('パスワード', { exact: true }).fill('another-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await expectToast(page, 'アカウントが登録できませんでした');
    await waitForPath(page, '/sign-up');
  });
});

describe('login', () => {
  it('keeps login disabled until both fields are filled and links to the other screens', async () => {
    const { page } = session();
    await open(page, '/login?invitation=abcdefghij0123456789A');
    await page.screenshot({ path: '/tmp/console-e2e-login.png' });
    const submit = page.getByRole('button', { name: 'ログイン', exact: true });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('メールアドレス').fill('someone@example.com');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('パスワード', { exact: true }).fill('x');
    await expect(submit.isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'パスワードをお忘れの方' }).getAttribute('href')).resolves.toBe('/auth/forgot-password');
    await expect(page.getByRole('link', { name: '新規登録' }).getAttribute('href')).resolves.toBe(
      '/auth/sign-up?invitation=abcdefghij0123456789A&page=sign-up',
    );
    await page.getByRole('button', { name: 'Googleでログイン' }).waitFor();
  });

  it('has a favicon, so the first load asks for nothing that is missing', async () => {
    const { page } = session();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await open(page, '/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    const href = await page.locator('link[rel="icon"]').evaluate((link) => (link as HTMLLinkElement).href);
    const icon = await page.request.get(href);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(missing).toEqual([]);
  });

  it('shows ログインできませんでした for a wrong password and stays on /login', async () => {
    const { page } = session();
    const user = await seedAccount('wrongpw');
    await open(page, '/login');
    await fillLogin(page, user.email, 'definitely-wrong-1');
    await page.getByLabel('パスワード', { exact: true }).press('Enter');
    await expectToast(page, 'ログインできませんでした');
    await waitForPath(page, '/login');
  });

  it('logs in with the right password, exchanges the ID token for the session cookie and goes to /projects via /projects/latest', async () => {
    const { page } = session();
    const user = await seedAccount('login');
    const sessionLogin = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session/login');
    await loginThroughUi(page, user.email, user.password);
    const response = await sessionLogin;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toMatch(/^Bearer .+/);
    const cookie = (await session().context.cookies()).find((c) => c.name === 'console_session_test');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await waitForPath(page, '/projects');
    await page.getByRole('heading', { name: 'プロジェクトを選択' }).waitFor();

    const sessionLogout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session/logout');
    await open(page, '/logout');
    await expect(sessionLogout.then((r) => r.status())).resolves.toBe(200);
    await expectToast(page, 'ログアウトしました');
    expect((await session().context.cookies()).map((c) => c.name)).not.toContain('console_session_test');
    await waitForPath(page, '/login');
  });
});

describe('forgot and reset password', () => {
  it('sends the reset mail, then the emulator code sets a new password that works', async () => {
    const { page } = session();
    const user = await seedAccount('reset');
    await open(page, '/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    const input = page.getByLabel('メールアドレス');
    const send = page.getByRole('button', { name: '再設定メールを送信' });
    await input.fill(user.email);
    await send.click();
    await expectToast(page, 'パスワードの再設定メールを送信しました');
    await expect(input.isDisabled()).resolves.toBe(true);
    await expect(send.isDisabled()).resolves.toBe(true);

    const codes = await oobCodesFor(user.email);
    const oobCode = codes.at(-1);
    expect(oobCode).toBeDefined();
    await open(page, `/reset-password?oobCode=${oobCode ?? ''}`);
    const change = page.getByRole('button', { name: 'パスワードを変更' });
    await page.getByLabel('新しいパスワード', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('新しいパスワード（確認）').fill('brand-new-pass-2');
    await expect(change.isDisabled()).resolves.toBe(true);
    await page.getByLabel('新しいパスワード（確認）').fill('brand-new-pass-1');
    // The API is told, so that every instance refuses the sessions before the change at once.
    const announced = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session/passwordChanged');
    await change.click();
    await expectToast(page, 'パスワードを変更しました');
    const announcement = await announced;
    expect(announcement.status()).toBe(200);
    expect(announcement.request().postDataJSON()).toEqual({ email: user.email });
    await waitForPath(page, '/login');

    await loginThroughUi(page, user.email, 'brand-new-pass-1');
    await waitForPath(page, '/projects');
  });

  it('sends /reset-password without a code to /login', async () => {
    const { page } = session();
    await open(page, '/reset-password');
    await waitForPath(page, '/login');
  });

  it('shows パスワードの変更ができませんでした for an unknown code', async () => {
    const { page } = session();
    await open(page, '/reset-password?oobCode=unknown-code');
    await page.getByLabel('新しいパスワード', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('新しいパスワード（確認）').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    await expectToast(page, 'パスワードの変更ができませんでした');
  });
});

describe('route guards and logout', () => {
  it('sends a visitor without a session from private pages to /login', async () => {
    const { page } = session();
    for (const path of ['/projects', '/projects/latest', '/account/profile', '/system-admin']) {
      await open(page, path);
      await waitForPath(page, '/login');
    }
    await open(page, '/');
    await waitForPath(page, '/login');
  });

  it('sends an invited visitor without a session to /sign-up carrying invitation and page', async () => {
    const { page } = session();
    await open(page, '/invitations/abcdefghij0123456789A?page=sign-up');
    await waitForPath(page, '/sign-up?invitation=abcdefghij0123456789A&page=sign-up');
    await open(page, '/invitations/abcdefghij0123456789A');
    await waitForPath(page, '/login?invitation=abcdefghij0123456789A');
  });

  it('sends a signed-in visitor away from the public pages, and logout ends the session', async () => {
    const { page } = session();
    const user = await seedAccount('guard');
    await loginThroughUi(page, user.email, user.password);
    await waitForPath(page, '/projects');
    for (const path of ['/login', '/sign-up', '/forgot-password']) {
      await open(page, path);
      await waitForPath(page, '/projects');
    }
    // The account menu leads to logout.
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectToast(page, 'ログアウトしました');
    await waitForPath(page, '/login');
    await open(page, '/projects');
    await waitForPath(page, '/login');
  });

  it('sends a non-admin at /system-admin to /projects without the admin banner', async () => {
    const { page } = session();
    const user = await seedAccount('nonadmin');
    await loginThroughUi(page, user.email, user.password);
    await open(page, '/system-admin');
    await waitForPath(page, '/projects');
    await expect(page.getByText('システム管理者権限でログインしています').count()).resolves.toBe(0);
  });
});
