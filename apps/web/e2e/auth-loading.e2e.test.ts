import type { Page } from 'playwright-core';
import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { seedAccount } from './support/stack';

const { session } = setUpBrowserSessions();

/** The paths of the scripts the page requests from now on. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The chunk of the Firebase Auth SDK (src/lib/firebase-auth.ts). */
const isAuthSdk = (path: string) => /\/assets\/firebase-auth-[\w-]+\.js$/.test(path);

async function openLoginSettled(page: Page): Promise<void> {
  await open(page, '/login');
  await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the sign-in SDK loads when it is needed', () => {
  it('shows /login to a visitor who is not signed in without the Firebase Auth SDK, and fetches it at the first input', async () => {
    const { page } = session();
    const scripts = scriptRequests(page);
    await openLoginSettled(page);
    expect(scripts.filter(isAuthSdk)).toEqual([]);

    const sdk = page.waitForRequest((request) => isAuthSdk(new URL(request.url()).pathname));
    await page.getByLabel('メールアドレス').pressSequentially('a');
    await sdk;
  });

  it('keeps a signed-in visitor signed in across reloads, takes a /login tab along to the sign-in of another tab, and forgets the user at logout', async () => {
    const { context, page } = session();
    const user = await seedAccount('sdk');
    const other = await context.newPage();
    await openLoginSettled(other);

    await loginThroughUi(page, user.email, user.password);
    await waitForPath(page, '/projects');
    // The other tab learns of the sign-in and leaves /login like a page opened now.
    await waitForPath(other, '/projects');
    await open(other, '/account/profile');
    await waitForPath(other, '/account/profile');
    await other.reload();
    await waitForPath(other, '/account/profile');
    await other.close();

    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectToast(page, 'ログアウトしました');
    await waitForPath(page, '/login');
    const scripts = scriptRequests(page);
    await openLoginSettled(page);
    expect(scripts.filter(isAuthSdk)).toEqual([]);
  });

  it('keeps signed in a visitor whose browser was used before the marker was kept (no marker, the latest project remembered)', async () => {
    const { page } = session();
    const user = await seedAccount('sdk-unrecorded');
    await loginThroughUi(page, user.email, user.password);
    await waitForPath(page, '/projects');
    // Local storage as the console left it before it kept the marker; the SDK still holds the user.
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('console.latestProjectId', 'prj00001');
    });
    const scripts = scriptRequests(page);
    await open(page, '/account/profile');
    await page.getByRole('button', { name: 'アカウントメニュー' }).waitFor();
    await waitForPath(page, '/account/profile');
    expect(scripts.filter(isAuthSdk)).toHaveLength(1);
    await expect(page.evaluate(() => localStorage.getItem('console.signedIn'))).resolves.toBe('1');
  });

  it('shows a first visit the sign-in page without the SDK and records that nobody is signed in, so that later pages need not ask', async () => {
    const { page } = session();
    const scripts = scriptRequests(page);
    await openLoginSettled(page);
    expect(scripts.filter(isAuthSdk)).toEqual([]);
    await expect(page.evaluate(() => localStorage.getItem('console.signedIn'))).resolves.toBe('0');
    // Nothing was created in the browser to find that out.
    await expect(page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).resolves.toEqual([]);
  });

  it.each([
    ['whose marker says signed in (the session ended elsewhere, the SDK’s storage was cleared)', '1'],
    ['used before the marker was kept', null],
  ])('sends a browser %s in which the SDK holds nobody to /login and records that nobody is signed in', async (_, marker) => {
    const { page } = session();
    await openLoginSettled(page);
    await page.evaluate((value) => {
      localStorage.clear();
      if (value === null) localStorage.setItem('console.latestProjectId', 'prj00001');
      else localStorage.setItem('console.signedIn', value);
    }, marker);
    const scripts = scriptRequests(page);
    await open(page, '/account/profile');
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    expect(scripts.filter(isAuthSdk)).toHaveLength(1);
    await expect(page.evaluate(() => localStorage.getItem('console.signedIn'))).resolves.toBe('0');
  });
});
