/**
 * Every screen at a phone's, a tablet's, a laptop's and a wide screen's width: the document never
 * scrolls sideways, every control is inside the window or in a container that scrolls to it, no
 * control's text is cut off, and no heading wraps into more than 3 lines. A screenshot of each
 * screen at each width goes to e2e/.artifacts/responsive/; axe checks every screen at 360 px.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { loginThroughUi, newSession, open, setUpBrowserSessions, waitForPath, type Session } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, stack, uniqueEmail } from './support/stack';

const sessions = setUpBrowserSessions();
const { browser } = sessions;
const SCREENSHOTS = join(__dirname, '.artifacts', 'responsive');
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
/** The invite dialog's width where the window has room for it (docs/product-rules.md#screens). */
const INVITE_DIALOG_WIDTH = 400;
/** An open modal dialog: axe checks it only, the page behind it being out of reach. */
const MODAL = '[role="dialog"][aria-modal="true"]';
const LONG_NAMES = ['長谷川フォンシュタインベルク美咲子', '勅使河原右衛門三郎左衛門之介', '小鳥遊アレクサンドラ陽菜乃'];

let fixture: Fixture;
/** The address of the member whose removal the confirmation screen asks about. */
let removable = '';

beforeAll(async () => {
  const suffix = uniqueSuffix();
  fixture = await createOrganizationWithProject(
    `株式会社レスポンシブ表示確認用サンプル組織ホールディングス${suffix}`,
    `全国店舗向けカスタマーエクスペリエンス改善プロジェクト${suffix}`,
  );
  // Members with long names and long addresses; their invitations and role changes are the audit log's events.
  for (const [index, name] of LONG_NAMES.entries()) {
    const member = await seedMember(fixture, index === 0 ? 'admin' : 'member', 'member', `customer-experience-improvement-team-${index}`);
    await api('/account/update', member.idToken, { name });
    removable = member.email;
  }
  const adminRole = fixture.organization.roles.find((role) => role.key === 'admin');
  if (!adminRole) throw new Error('no admin role');
  await api('/organization/inviteMembers', await rootIdToken(), {
    organizationId: fixture.organization.id,
    emails: [uniqueEmail('regional-sales-and-marketing-department-manager'), uniqueEmail('invitee')],
    props: { roleId: adminRole.id, projects: [] },
  });
});

interface Screen {
  name: string;
  /** The screen's path (the fixture is made before the tests run). */
  path: () => string;
  /** What shows once the screen's data has loaded. */
  ready: (page: Page) => Promise<void>;
  /** Opens a dialog over the screen; resolves to the dialog's width. */
  openDialog?: (page: Page) => Promise<number>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();
const testId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();

async function dialogWidth(page: Page): Promise<number> {
  const dialog = page.locator(MODAL);
  await dialog.waitFor();
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return dialog.evaluate((el) => el.getBoundingClientRect().width);
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', ready: heading('ログイン') },
  { name: 'sign-up', path: () => '/sign-up', ready: (page) => page.getByRole('button', { name: '登録する' }).waitFor() },
  { name: 'forgot-password', path: () => '/forgot-password', ready: heading('パスワードの再設定') },
];

const org = () => `/organizations/${fixture.organization.id}/settings`;
const project = () => `${org()}/projects/${fixture.project.id}`;
const PRIVATE_SCREENS: Screen[] = [
  { name: 'projects', path: () => '/projects', ready: testId('project-list') },
  { name: 'project', path: () => `/projects/${fixture.project.id}`, ready: (page) => heading(fixture.project.name)(page) },
  { name: 'organization-general', path: () => `${org()}/general`, ready: (page) => page.getByLabel('組織名').waitFor() },
  { name: 'organization-members', path: () => `${org()}/members`, ready: testId('invitation-row') },
  {
    name: 'organization-members-confirmation',
    path: () => `${org()}/members`,
    ready: testId('invitation-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: `${removable}の操作` }).click();
      await page.getByRole('menuitem', { name: 'メンバーを削除' }).click();
      return dialogWidth(page);
    },
  },
  { name: 'organization-roles', path: () => `${org()}/roles`, ready: testId('role-table') },
  { name: 'organization-karte-mapping', path: () => `${org()}/karteMapping`, ready: heading('KARTE連携') },
  { name: 'organization-audit-log', path: () => `${org()}/auditLog`, ready: testId('audit-event-row') },
  { name: 'project-general', path: () => `${project()}?view=general`, ready: (page) => page.getByLabel('プロジェクト名').waitFor() },
  { name: 'project-members', path: () => `${project()}?view=members`, ready: testId('member-row') },
  {
    name: 'project-invite-dialog',
    path: () => `${project()}?view=members`,
    ready: testId('member-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: 'メンバーを招待' }).click();
      return dialogWidth(page);
    },
  },
  { name: 'project-roles', path: () => `${project()}?view=roles`, ready: testId('role-table') },
  { name: 'project-product-usage', path: () => `${project()}?view=productUsageSettings`, ready: (page) => page.getByRole('tabpanel').waitFor() },
  { name: 'project-karte-mapping', path: () => `${project()}?view=karteMapping`, ready: (page) => page.getByRole('tabpanel').waitFor() },
  { name: 'account-profile', path: () => '/account/profile', ready: (page) => page.getByRole('button', { name: '保存' }).waitFor() },
  { name: 'account-authentication', path: () => '/account/authentication', ready: heading('アカウント設定') },
  { name: 'system-admin-members', path: () => '/system-admin/members', ready: testId('account-row') },
  { name: 'system-admin-orgs-and-projects', path: () => '/system-admin/orgs-and-projects', ready: testId('organization-group') },
  { name: 'system-admin-audit-log', path: () => '/system-admin/audit-log', ready: testId('audit-event-row') },
];

/**
 * What is wrong with the page's layout as it is now: the document scrolling sideways, a control
 * outside the window with no container that scrolls to it, a control whose text is cut off, a
 * heading (h1–h3) of more than 3 lines.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the document scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    for (const main of document.querySelectorAll('main')) {
      if (main.scrollWidth > main.clientWidth + 1) problems.push(`the main area scrolls sideways by ${main.scrollWidth - main.clientWidth} px`);
    }
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const inWindow = (rect: DOMRect) => rect.left >= -1 && rect.right <= window.innerWidth + 1;
    const scrollsSideways = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth;
    const cutOff = (el: Element) => {
      const style = getComputedStyle(el);
      return ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
    };
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const labelled = 'a[href], button, [role="button"], [role="tab"]';
    for (const control of document.querySelectorAll<HTMLElement>(controls)) {
      const rect = control.getBoundingClientRect();
      // Visually hidden controls (1 px), those not rendered and those out of everyone's reach.
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(control).visibility === 'hidden' || control.closest('[aria-hidden="true"], [inert]')) continue;
      if (!inWindow(rect)) {
        let container = control.parentElement;
        while (container && container !== document.body && !scrollsSideways(container)) container = container.parentElement;
        if (!container || container === document.body || !inWindow(container.getBoundingClientRect())) {
          problems.push(`${name(control)} lies outside the window (x ${Math.round(rect.left)}…${Math.round(rect.right)} of ${window.innerWidth})`);
        }
      }
      if (control.matches(labelled) && [control, ...control.querySelectorAll('*')].some(cutOff)) problems.push(`${name(control)}'s text is cut off`);
    }
    for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3')) {
      if (heading.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(heading);
      const lineHeight = parseFloat(getComputedStyle(heading).lineHeight) || parseFloat(getComputedStyle(heading).fontSize) * 1.2;
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top).sort((a, b) => a - b);
      const lines = tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > lineHeight / 2).length;
      if (lines > 3) problems.push(`heading "${heading.textContent}" wraps into ${lines} lines`);
    }
    return problems;
  });
}

/** Opens a path; again when a navigation still under way (the sign-in's) interrupts it. */
async function openScreen(page: Page, path: string): Promise<void> {
  try {
    await open(page, path);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('interrupted by another navigation'))) throw error;
    await page.waitForLoadState();
    await open(page, path);
  }
}

/** Opens the screen, waits for its data, checks its layout and keeps a screenshot. */
async function check(page: Page, screen: Screen, width: number): Promise<void> {
  await openScreen(page, screen.path());
  await screen.ready(page);
  await page.getByTestId('table-skeleton').waitFor({ state: 'detached' }).catch(() => undefined);
  const problems: string[] = [];
  if (screen.openDialog) {
    const dialog = await screen.openDialog(page);
    if (screen.name === 'project-invite-dialog' && width >= 768 && Math.round(dialog) !== INVITE_DIALOG_WIDTH) problems.push(`the invite dialog is ${dialog} px wide`);
  }
  problems.push(...(await layoutProblems(page)));
  await page.screenshot({ path: join(SCREENSHOTS, `${width}-${screen.name}.png`) });
  expect({ screen: screen.name, width, problems }).toEqual({ screen: screen.name, width, problems: [] });
}

describe.each(WIDTHS)('every screen at $width px', (viewport) => {
  let current: Session;
  beforeAll(async () => {
    current = await newSession(browser(), viewport);
  });
  afterAll(async () => {
    await current.context.close();
    expect(current.cspViolations).toEqual([]);
  });

  describe('signed out', () => {
    it.each(PUBLIC_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      await check(current.page, screen, viewport.width);
      if (viewport.width === 360) await expectNoSeriousA11yViolations(current.page, `${screen.name} at 360 px`);
    });
  });

  describe('signed in as a system admin', () => {
    beforeAll(async () => {
      await loginThroughUi(current.page, stack.root.email, stack.root.password);
    });
    it.each(PRIVATE_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      await check(current.page, screen, viewport.width);
      if (viewport.width === 360) await expectNoSeriousA11yViolations(current.page, `${screen.name} at 360 px`, screen.openDialog ? { within: MODAL } : {});
    });
  });
});

describe('the side navigation on a phone', () => {
  const { session } = sessions;

  async function openMenu(page: Page, label: string) {
    const button = page.getByRole('button', { name: 'メニューを開く' });
    await button.focus();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: label });
    await drawer.waitFor();
    await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await expectNoSeriousA11yViolations(page, `${label} at 360 px`, { within: MODAL });
    return { button, drawer };
  }

  it('the organization settings menu opens from its button by keyboard and closes once a page is chosen', async () => {
    const { page } = session();
    await page.setViewportSize(WIDTHS[0]);
    await loginThroughUi(page, stack.root.email, stack.root.password);
    await open(page, `${org()}/general`);
    await page.getByLabel('組織名').waitFor();
    await expect(page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: 'メンバー', exact: true }).isVisible()).resolves.toBe(false);
    const { button, drawer } = await openMenu(page, '組織設定メニュー');
    await drawer.getByRole('link', { name: 'メンバー', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `${org()}/members`);
    await drawer.waitFor({ state: 'hidden' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.getByRole('heading', { name: 'メンバー', level: 1 }).waitFor();
  });

  it('the project sidebar opens from its button with the project chooser and the account menu', async () => {
    const { page } = session();
    await page.setViewportSize(WIDTHS[0]);
    await loginThroughUi(page, stack.root.email, stack.root.password);
    await open(page, `/projects/${fixture.project.id}`);
    await page.getByRole('heading', { name: fixture.project.name, level: 1 }).waitFor();
    const { drawer } = await openMenu(page, 'プロジェクトメニュー');
    await drawer.getByRole('button', { name: /組織・プロジェクトを切り替え/ }).click();
    await page.getByRole('link', { name: '設定' }).click();
    await waitForPath(page, `${project()}`);
    await drawer.waitFor({ state: 'hidden' });
  });
});
