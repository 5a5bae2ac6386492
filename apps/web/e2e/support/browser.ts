import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { appUrl } from './stack';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed page scripts seen so far. */
  errors: string[];
}

/** A fresh browser context (own cookies and storage) with one page, in Japanese. */
export async function newSession(browser: Browser): Promise<Session> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(appUrl(path));
}

/** Resolves once the page's path (without origin) equals `/auth` + `path` (search included when given). */
export async function waitForPath(page: Page, path: string, options: { timeout?: number } = {}): Promise<void> {
  const expected = `/auth${path}`;
  await page.waitForURL(
    (url) => (path.includes('?') ? `${url.pathname}${url.search}` : url.pathname) === expected,
    { timeout: options.timeout ?? 20_000 },
  );
}

/** The texts of the toasts currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.mantine-Notifications-notification').allInnerTexts();
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
