/**
 * Every screen at a phone's, a tablet's, a laptop's and a wide screen's width: the document never
 * scrolls sideways, every control is inside the window or in a container that scrolls to it, no
 * control's text is cut off, and no heading wraps into more than 3 lines. A screenshot of each
 * screen at each width goes to e2e/.artifacts/responsive/; axe checks every screen at 360 px.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { loginThroughUi, newSession, open, setUpBrowserSessions, waitForPath, type Session } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, appUrl, createIdentity, rootIdToken, signInIdentity, stack, uniqueEmail, verifyEmailAddress } from './support/stack';

const { browser } = setUpBrowserSessions();
const SCREENSHOTS = join(__dirname, '.artifacts', 'responsive');
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
/** The invite dialog's width where the window has room for it (docs/product-rules.md#screens). */
const INVITE_DIALOG_WIDTH = 400;
/** A confirmation dialog's width where the window has room for it and its text fills it (docs/product-rules.md#screens). */
const CONFIRM_DIALOG_WIDTH = 450;
/** The join policy dialog's width where the window has room for it. */
const JOIN_POLICY_DIALOG_WIDTH = 480;
/** An open modal dialog: axe checks it only, the page behind it being out of reach. */
const MODAL = '[role="dialog"][aria-modal="true"]';
const LONG_NAMES = ['長谷川フォンシュタインベルク美咲子', '勅使河原右衛門三郎左衛門之介', '小鳥遊アレクサンドラ陽菜乃'];

let fixture: Fixture;
/** The address of the member whose removal the confirmation screen asks about. */
let removable = '';
/** A domain of the fixture's organization whose TXT record is never published (its check fails). */
let domain = '';
/** The name of a deleted organization with a long name (the 削除された組織 tab). */
let deletedName = '';

beforeAll(async () => {
  const suffix = uniqueSuffix();
  domain = `regional-sales-and-marketing-department-${suffix}.example.co.jp`;
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
  await api('/systemAdmin/serviceCredential/create', await rootIdToken(), {
    name: `全国店舗向けナレッジ連携の本番環境用サービス認証情報${suffix}`,
    product: 'knowledge',
    scopes: ['session:introspect', 'memberships:read', 'events:receive'],
  });
  await api('/organization/inviteMembers', await rootIdToken(), {
    organizationId: fixture.organization.id,
    emails: [uniqueEmail('regional-sales-and-marketing-department-manager'), uniqueEmail('invitee')],
    props: { roleId: adminRole.id, projects: [] },
  });
  // A long internationalised domain and one whose check failed (its message and record shown).
  const root = await rootIdToken();
  await api('/organization/domain/add', root, { organizationId: fixture.organization.id, domain: `カスタマー体験改善推進室${suffix}.example.jp` });
  const failing = await api<{ id: string }>('/organization/domain/add', root, { organizationId: fixture.organization.id, domain });
  await api('/organization/domain/verify', root, { organizationId: fixture.organization.id, domainId: failing.id });
  // A deleted organization, restorable by the system administrator.
  const deleted = await createOrganizationWithProject(`株式会社削除済み表示確認用サンプル組織ホールディングス${suffix}`, `削除済みプロジェクト${suffix}`);
  deletedName = deleted.organization.name;
  await api('/organization/delete', root, { organizationId: deleted.organization.id, confirmName: deletedName });
  // A domain in request mode, verified by hand, and a pending join request from a long address on it.
  const joinDomain = `customer-experience-${suffix}.example.jp`;
  const joinable = await api<{ id: string }>('/organization/domain/add', root, { organizationId: fixture.organization.id, domain: joinDomain });
  await api('/systemAdmin/domain/verify', root, { domainId: joinable.id });
  const memberRole = fixture.organization.roles.find((role) => role.key === 'member');
  if (!memberRole) throw new Error('no member role');
  await api('/organization/domain/setJoinPolicy', root, {
    organizationId: fixture.organization.id,
    domainId: joinable.id,
    mode: 'request',
    roleId: memberRole.id,
  });
  const requester = `regional-sales-and-marketing-department-manager-${suffix}@${joinDomain}`;
  await api('/account/create', await createIdentity(requester, 'password-123'));
  await verifyEmailAddress(requester, 'password-123');
  await api('/joinRequest/create', await signInIdentity(requester, 'password-123'), { organizationId: fixture.organization.id });
});

interface Screen {
  name: string;
  /** The screen's path (the fixture is made before the tests run). */
  path: () => string;
  /** What shows once the screen's data has loaded. */
  ready: (page: Page) => Promise<void>;
  /** Opens a dialog over the screen and waits for it. */
  openDialog?: (page: Page) => Promise<void>;
  /** The dialog's width where the window has room for it (768 px and up). */
  dialogWidth?: number;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();
const testId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();
const waitForDialog = (page: Page) => page.locator(MODAL).waitFor();

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', ready: heading('ログイン') },
  { name: 'sign-up', path: () => '/sign-up', ready: (page) => page.getByRole('button', { name: '登録する' }).waitFor() },
  { name: 'forgot-password', path: () => '/forgot-password', ready: heading('パスワードの再設定') },
];

const dangerZone = (page: Page) => page.getByRole('region', { name: '危険な操作' });
/** The profile with its danger zone, whether the account may be deleted checked. */
async function accountProfileReady(page: Page): Promise<void> {
  await page.getByRole('button', { name: '保存' }).waitFor();
  await dangerZone(page).locator('.mantine-Skeleton-root').waitFor({ state: 'detached' });
}

/** The deletion's confirmation, opened by an account that may be deleted. */
const ACCOUNT_DELETE_DIALOG: Screen = {
  name: 'account-delete-dialog',
  path: () => '/account/profile',
  ready: accountProfileReady,
  openDialog: async (page) => {
    await dangerZone(page).getByRole('button', { name: 'アカウントを削除' }).click();
    await waitForDialog(page);
    await page.locator(MODAL).getByRole('textbox', { name: 'メールアドレス' }).fill('not-yet@example.com');
  },
  dialogWidth: CONFIRM_DIALOG_WIDTH,
};

const org = () => `/organizations/${fixture.organization.id}/settings`;
const project = () => `${org()}/projects/${fixture.project.id}`;
const PRIVATE_SCREENS: Screen[] = [
  { name: 'projects', path: () => '/projects', ready: testId('project-list') },
  { name: 'project', path: () => `/projects/${fixture.project.id}`, ready: (page) => heading(fixture.project.name)(page) },
  { name: 'organization-general', path: () => `${org()}/general`, ready: (page) => page.getByLabel('組織名').waitFor() },
  {
    name: 'organization-delete-dialog',
    path: () => `${org()}/general`,
    // The page's name field (the dialog has one of the same label).
    ready: (page) => page.getByPlaceholder('組織名を入力').waitFor(),
    openDialog: async (page) => {
      await page.getByRole('region', { name: '組織の削除' }).getByRole('button', { name: '組織を削除' }).click();
      await waitForDialog(page);
      await page.locator(MODAL).getByRole('textbox', { name: '組織名' }).fill('まだ入力途中の組織名');
    },
    dialogWidth: CONFIRM_DIALOG_WIDTH,
  },
  { name: 'organization-members', path: () => `${org()}/members`, ready: testId('invitation-row') },
  {
    name: 'organization-members-confirmation',
    path: () => `${org()}/members`,
    ready: testId('invitation-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: `${removable}の操作` }).click();
      await page.getByRole('menuitem', { name: 'メンバーを削除' }).click();
      await waitForDialog(page);
    },
  },
  {
    name: 'organization-members-csv-import',
    path: () => `${org()}/members`,
    ready: testId('invitation-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: 'CSVインポート' }).click();
      await waitForDialog(page);
      const rows = [`${removable},メンバー,${fixture.project.name}:管理者`, 'not-an-address,メンバー,', `${uniqueEmail('regional-sales-and-marketing')},社長,`];
      const csv = `メールアドレス,組織ロール,プロジェクトロール\r\n${rows.join('\r\n')}\r\n`;
      await page.locator(`${MODAL} input[type="file"]`).setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: '内容を確認' }).click();
      await page.getByTestId('member-import-rows').waitFor();
    },
  },
  { name: 'organization-roles', path: () => `${org()}/roles`, ready: testId('role-table') },
  { name: 'organization-karte-mapping', path: () => `${org()}/karteMapping`, ready: heading('KARTE連携') },
  { name: 'organization-audit-log', path: () => `${org()}/auditLog`, ready: testId('audit-event-row') },
  { name: 'organization-domains', path: () => `${org()}/domains`, ready: testId('domain-error') },
  { name: 'organization-security', path: () => `${org()}/security`, ready: (page) => page.getByRole('checkbox', { name: '二要素認証を必須にする' }).waitFor() },
  { name: 'organization-sso', path: () => `${org()}/sso`, ready: (page) => page.getByRole('checkbox', { name: 'SSOでのログインを必須にする' }).waitFor() },
  {
    name: 'organization-domains-join-policy',
    path: () => `${org()}/domains`,
    ready: testId('domain-error'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: '参加設定', exact: true }).first().click();
      await waitForDialog(page);
      await page.locator(MODAL).getByRole('combobox', { name: '参加設定' }).selectOption({ label: '参加リクエストを受け付ける' });
    },
    dialogWidth: JOIN_POLICY_DIALOG_WIDTH,
  },
  { name: 'organization-join-requests', path: () => `${org()}/joinRequests`, ready: testId('join-request') },
  { name: 'project-general', path: () => `${project()}?view=general`, ready: (page) => page.getByLabel('プロジェクト名').waitFor() },
  { name: 'project-members', path: () => `${project()}?view=members`, ready: testId('member-row') },
  {
    name: 'project-invite-dialog',
    path: () => `${project()}?view=members`,
    ready: testId('member-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: 'メンバーを招待' }).click();
      await waitForDialog(page);
    },
    dialogWidth: INVITE_DIALOG_WIDTH,
  },
  { name: 'project-roles', path: () => `${project()}?view=roles`, ready: testId('role-table') },
  { name: 'project-product-usage', path: () => `${project()}?view=productUsageSettings`, ready: (page) => page.getByRole('tabpanel').waitFor() },
  { name: 'project-karte-mapping', path: () => `${project()}?view=karteMapping`, ready: (page) => page.getByRole('tabpanel').waitFor() },
  // Root, the demo organization's only administrator, is shown why the account cannot be deleted.
  { name: 'account-profile', path: () => '/account/profile', ready: accountProfileReady },
  { name: 'account-authentication', path: () => '/account/authentication', ready: (page) => page.getByRole('button', { name: '確認コードを送信' }).waitFor() },
  { name: 'account-sessions', path: () => '/account/sessions', ready: testId('session') },
  { name: 'system-admin-members', path: () => '/system-admin/members', ready: testId('account-row') },
  { name: 'system-admin-orgs-and-projects', path: () => '/system-admin/orgs-and-projects', ready: testId('organization-group') },
  { name: 'system-admin-audit-log', path: () => '/system-admin/audit-log', ready: testId('audit-event-row') },
  { name: 'system-admin-domains', path: () => '/system-admin/domains', ready: testId('domain-row') },
  { name: 'system-admin-deleted-organizations', path: () => '/system-admin/deleted-organizations', ready: testId('deleted-organization-row') },
  {
    name: 'system-admin-deleted-organizations-confirmation',
    path: () => '/system-admin/deleted-organizations',
    ready: testId('deleted-organization-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: `復元: ${deletedName}` }).click();
      await waitForDialog(page);
    },
  },
  { name: 'system-admin-service-credentials', path: () => '/system-admin/service-credentials', ready: testId('service-credential-row') },
  { name: 'system-admin-sso', path: () => '/system-admin/sso', ready: testId('sso-connections-table') },
  {
    name: 'system-admin-domains-confirmation',
    path: () => '/system-admin/domains',
    ready: testId('domain-row'),
    openDialog: async (page) => {
      await page.getByRole('button', { name: `手動で確認済みにする: ${domain}` }).click();
      await waitForDialog(page);
    },
  },
];

/**
 * What is wrong with the page's layout as it is now, measured in the page in one go: the document
 * scrolling sideways, a control outside the window with no container that scrolls to it, a control
 * whose text is cut off, a heading (h1–h3) of more than 3 lines, and an open dialog of another
 * width than `dialog.width` (when given).
 */
function layoutProblems(page: Page, dialog: { selector: string; width: number } | null): Promise<string[]> {
  return page.evaluate((dialog) => {
    const problems: string[] = [];
    if (dialog) {
      const width = document.querySelector(dialog.selector)?.getBoundingClientRect().width;
      if (width === undefined || Math.round(width) !== dialog.width) problems.push(`the dialog is ${width ?? 'not'} px wide`);
    }
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
    const controls =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const labelled = 'a[href], button, [role="button"], [role="tab"]';
    for (const control of document.querySelectorAll<HTMLElement>(controls)) {
      const rect = control.getBoundingClientRect();
      // Visually hidden controls (1 px), those not rendered and those out of everyone's reach.
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(control).visibility === 'hidden' || control.closest('[aria-hidden="true"], [inert]'))
        continue;
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
      const tops = [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .map((r) => r.top)
        .sort((a, b) => a - b);
      const lines = tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > lineHeight / 2).length;
      if (lines > 3) problems.push(`heading "${heading.textContent}" wraps into ${lines} lines`);
    }
    return problems;
  }, dialog);
}

/** No transitions or animations: a screen is in its final layout once it has rendered. */
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }';

/** Adds the NO_MOTION style to every document the context loads. */
async function withoutMotion(context: BrowserContext): Promise<void> {
  await context.addInitScript((css) => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  }, NO_MOTION);
}

/**
 * Loads a path as a page of its own. When a page load the app started itself (the one after
 * signing in, e.g. to the latest project's product) interrupts it, that load ends first and the
 * path is loaded again.
 */
async function load(page: Page, path: string): Promise<void> {
  await open(page, path).catch(async (error: unknown) => {
    const other = error instanceof Error ? /interrupted by another navigation to "([^"]+)"/.exec(error.message)?.[1] : undefined;
    if (other === undefined) throw error;
    await page.waitForURL(other, { waitUntil: 'load' });
    await open(page, path);
  });
}

/** Goes to a path as the app's links do, without loading the page again; the page's first screen is loaded. */
async function goTo(page: Page, path: string): Promise<void> {
  const url = appUrl(path);
  if (page.url() === url) return;
  if (page.url().startsWith(appUrl('/'))) {
    const follow = () =>
      page.evaluate((target) => {
        history.pushState(null, '', target);
        dispatchEvent(new PopStateEvent('popstate'));
      }, url);
    await follow().catch(async (error: unknown) => {
      // A page load the app started itself (the one after signing in) was still under way: the
      // screen is then loaded as a page of its own.
      if (!(error instanceof Error) || !error.message.includes('Execution context was destroyed')) throw error;
      await load(page, path);
    });
  } else {
    await load(page, path);
  }
  await waitForPath(page, path);
}

/** Gives the window the viewport's size and waits until the page has followed: media queries, observers and the renders they cause. */
async function resize(page: Page, viewport: (typeof WIDTHS)[number]): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(
    (width) =>
      new Promise<void>((resolve) => {
        const frameAndTask = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
        const settle = () => frameAndTask(() => frameAndTask(resolve));
        if (window.innerWidth === width) settle();
        else window.addEventListener('resize', settle, { once: true });
      }),
    viewport.width,
  );
}

/** Waits for the screen's data, its tables' placeholders gone. */
async function ready(page: Page, screen: Screen): Promise<void> {
  await screen.ready(page);
  await page
    .getByTestId('table-skeleton')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/**
 * Opens the screen at the first width (360 px) and checks it at every width in a row, the window
 * resized in between: its layout, a screenshot per width, and axe at 360 px (whose failure is
 * reported after the layout's, as the widths after it are checked all the same).
 */
async function check(page: Page, screen: Screen): Promise<void> {
  const problems: Record<number, string[]> = {};
  let a11yFailure: Error | null = null;
  for (const viewport of WIDTHS) {
    await resize(page, viewport);
    if (viewport === WIDTHS[0]) {
      await goTo(page, screen.path());
      await ready(page, screen);
      await screen.openDialog?.(page);
    } else {
      await ready(page, screen);
    }
    const dialog = screen.dialogWidth !== undefined && viewport.width >= 768 ? { selector: MODAL, width: screen.dialogWidth } : null;
    problems[viewport.width] = await layoutProblems(page, dialog);
    await page.screenshot({ path: join(SCREENSHOTS, `${viewport.width}-${screen.name}.png`) });
    if (viewport.width === 360) {
      a11yFailure = await expectNoSeriousA11yViolations(page, `${screen.name} at 360 px`, screen.openDialog ? { within: MODAL } : {}).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    }
  }
  expect({ screen: screen.name, problems }).toEqual({ screen: screen.name, problems: Object.fromEntries(WIDTHS.map(({ width }) => [width, []])) });
  if (a11yFailure) throw a11yFailure;
  if (screen.openDialog) {
    await page.keyboard.press('Escape');
    await page.locator(MODAL).waitFor({ state: 'hidden' });
  }
}

describe('every screen at 360, 768, 1280 and 1920 px', () => {
  let current: Session;
  beforeAll(async () => {
    current = await newSession(browser(), WIDTHS[0]);
    await withoutMotion(current.context);
  });
  afterAll(async () => {
    await current.context.close();
    expect(current.cspViolations).toEqual([]);
  });

  describe('signed out', () => {
    it.each(PUBLIC_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      await check(current.page, screen);
    });
  });

  describe('signed in as a system admin', () => {
    beforeAll(async () => {
      await loginThroughUi(current.page, stack.root.email, stack.root.password);
      // Signing in leads on to the latest project's product (the root account's demo project opens
      // the knowledge example) with a page load of its own: the screens start once it has ended.
      await current.page.waitForURL((url) => url.pathname.startsWith('/knowledge/') || url.pathname === '/auth/projects', { waitUntil: 'load' });
    });
    it.each(PRIVATE_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      await check(current.page, screen);
    });

    describe('the side navigation on a phone', () => {
      async function openMenu(page: Page, label: string) {
        const button = page.getByRole('button', { name: 'メニューを開く' });
        await button.focus();
        await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog', { name: label });
        await drawer.waitFor();
        await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
        await expectNoSeriousA11yViolations(page, `${label} at 360 px`, { within: MODAL });
        return { button, drawer };
      }

      it('the organization settings menu opens from its button by keyboard and closes once a page is chosen', async () => {
        const { page } = current;
        await resize(page, WIDTHS[0]);
        await goTo(page, `${org()}/general`);
        await page.getByLabel('組織名').waitFor();
        await expect(page.getByRole('navigation', { name: '組織設定メニュー' }).getByRole('link', { name: 'メンバー', exact: true }).isVisible()).resolves.toBe(
          false,
        );
        const { button, drawer } = await openMenu(page, '組織設定メニュー');
        await drawer.getByRole('link', { name: 'メンバー', exact: true }).focus();
        await page.keyboard.press('Enter');
        await waitForPath(page, `${org()}/members`);
        await drawer.waitFor({ state: 'hidden' });
        await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
        await page.getByRole('heading', { name: 'メンバー', level: 1 }).waitFor();
      });

      it('the project sidebar opens from its button with the project chooser and the account menu', async () => {
        const { page } = current;
        await resize(page, WIDTHS[0]);
        await goTo(page, `/projects/${fixture.project.id}`);
        await page.getByRole('heading', { name: fixture.project.name, level: 1 }).waitFor();
        const { drawer } = await openMenu(page, 'プロジェクトメニュー');
        await drawer.getByRole('button', { name: /組織・プロジェクトを切り替え/ }).click();
        await page.getByRole('link', { name: '設定' }).click();
        await waitForPath(page, `${project()}`);
        await drawer.waitFor({ state: 'hidden' });
      });
    });
  });
});

describe('the deletion confirmation at 360, 768, 1280 and 1920 px, signed in as a member who may delete their account', () => {
  let member: Session;
  beforeAll(async () => {
    member = await newSession(browser(), WIDTHS[0]);
    await withoutMotion(member.context);
    const person = await seedMember(fixture, 'member', null, 'customer-experience-improvement-leaving');
    await loginThroughUi(member.page, person.email, person.password);
    // Signing in leads on to the project chooser (the member has no project) once the automatic
    // join was asked for: the screen starts after that, which would otherwise take its place.
    await waitForPath(member.page, '/projects');
  });
  afterAll(async () => {
    await member.context.close();
    expect(member.cspViolations).toEqual([]);
  });
  it(ACCOUNT_DELETE_DIALOG.name, async () => {
    await check(member.page, ACCOUNT_DELETE_DIALOG);
  });
});
