import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { appUrl } from './stack';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed page scripts seen so far. */
  errors: string[];
  /** What the Content-Security-Policy blocked in any page of the session so far (the browser reports it as a console error). */
  cspViolations: string[];
}

/** A fresh browser context (own cookies and storage) with one page, in Japanese, with a window of `viewport` (1280 × 800 by default). */
export async function newSession(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Session> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cspViolations: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return { context, page, errors, cspViolations };
}

export interface BrowserSessions {
  /** The Chromium shared by the tests of this file. */
  readonly browser: () => Browser;
  /** The current test's own session. */
  readonly session: () => Session;
}

/**
 * Registers the hooks every browser suite needs: one Chromium per test file (launched in beforeAll,
 * closed in afterAll) and a fresh session per test (opened in beforeEach, closed in afterEach, which
 * fails the test when the Content-Security-Policy blocked anything).
 * Call it at the top level of the test file, before the file's own beforeAll, so the browser is
 * launched before the file seeds its data.
 */
export function setUpBrowserSessions(): BrowserSessions {
  let browser: Browser | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  beforeEach(async () => {
    session = await newSession(required(browser, 'browser'));
  });
  afterEach(async () => {
    const cspViolations = session?.cspViolations ?? [];
    await session?.context.close();
    session = undefined;
    // The pages run under the web server's policy (vite.config.ts) with nothing blocked.
    expect(cspViolations).toEqual([]);
  });
  return {
    browser: () => required(browser, 'browser'),
    session: () => required(session, 'session'),
  };
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`no ${name}: use it inside a test of a file that called setUpBrowserSessions()`);
  return value;
}

/** How many times {@link open} sends a page to its address when other navigations take over. */
const OPEN_ATTEMPTS = 3;

/**
 * Opens a page of the console. A navigation the page before had started may take over from it: the
 * landing after a login sends the user on to the product of the project last used (a full-page
 * navigation out of the console) once the account is read. Chromium then ends the opening as
 * aborted, or as interrupted by another navigation, which may be one to this very address (the page
 * getting there all the same). Once that navigation has loaded, the page is opened again unless it
 * is there.
 */
export async function open(page: Page, path: string): Promise<void> {
  const url = appUrl(path);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      const takenOver =
        error instanceof Error && (error.message.includes('is interrupted by another navigation') || error.message.includes('net::ERR_ABORTED'));
      if (!takenOver || attempt === OPEN_ATTEMPTS) throw error;
    }
    await page.waitForLoadState();
    if (page.url() === url) return;
  }
}

/** Resolves once the page's path (without origin) equals `/auth` + `path` (search included when given). */
export async function waitForPath(page: Page, path: string, options: { timeout?: number } = {}): Promise<void> {
  const expected = `/auth${path}`;
  await page.waitForURL((url) => (path.includes('?') ? `${url.pathname}${url.search}` : url.pathname) === expected, { timeout: options.timeout ?? 20_000 });
}

/** Waits for a toast with exactly this title. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await page.locator('.mantine-Notification-title', { hasText: title }).first().waitFor({ state: 'visible' });
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
}

/** Logs in through the login screen and waits until the app has left it. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await open(page, '/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** Logs in through the login screen and waits until the sign-in was exchanged for its session (the session cookie). */
export async function loginWithSessionCookie(page: Page, email: string, password: string): Promise<void> {
  const exchanged = page.waitForResponse((response) => response.url().endsWith('/session/login') && response.ok());
  await loginThroughUi(page, email, password);
  await exchanged;
}

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Per account, what its sign-in left in the browser (cookies, local storage, Firebase's IndexedDB), kept for the tests of one file. */
const signedIn = new Map<string, SignedInState>();

/**
 * Opens a page of the console signed in as the account. Its first sign-in in the test file goes
 * through the login screen; later tests of the file start where it left the browser (its session
 * cookie and Firebase's stored user), as a person coming back to the console does, and load the
 * page once instead of the login screen, the landing after it and the page.
 * For tests whose subject is not the sign-in, and that do not sign the account out everywhere.
 */
export async function openSignedIn(session: Session, account: { email: string; password: string }, path: string): Promise<void> {
  const state = signedIn.get(account.email);
  if (state) {
    await session.context.setStorageState(state);
  } else {
    // On a page of its own, closed with the landing it goes on to (the product of the latest project,
    // a full-page navigation): the test's page only opens the path, and the state is read from no
    // page in the middle of a navigation.
    const login = await session.context.newPage();
    await loginWithSessionCookie(login, account.email, account.password);
    await login.close();
    signedIn.set(account.email, await session.context.storageState({ indexedDB: true }));
  }
  await open(session.page, path);
}
