import type { BrowserContext, Page } from 'playwright-core';
import { expectToast, fillLogin, loginThroughUi, setUpBrowserSessions, waitForPath } from './support/browser';
import { hidePageMomentarily, stackTools, startFakeCollector, startWebServerFor, writeRuntimeConfig, type FakeCollector } from './support/fake-collectors';
import { seedAccount, stack, type SeededAccount } from './support/stack';

const { session } = setUpBrowserSessions();

const MEASUREMENT_ID = 'G-E2ETEST01';
const ERROR_SCREEN_TITLE = '予期しないエラーが発生しました';

/** KARTE's tag script as it takes over the `krt` queue; this stand-in posts every call to its own origin. */
const KARTE_TAG = `(function () {
  var krt = window.krt;
  var endpoint = new URL('/events', document.currentScript.src).href;
  function send(args) { fetch(endpoint, { method: 'POST', body: JSON.stringify(args), keepalive: true }); }
  krt.x = function () { send(Array.prototype.slice.call(arguments)); };
  krt.q.splice(0).forEach(send);
})();`;

/**
 * gtag.js reduced to the commands the console uses (config, set, event): each event becomes a hit on
 * Analytics' collect endpoint with the measurement protocol's parameters (en, uid, dl, ep.*).
 */
const GTAG = `(function () {
  var fields = {};
  var measurementId;
  function hit(name, params) {
    var query = new URLSearchParams({ v: '2', tid: measurementId, en: name, dl: fields.page_location || location.href });
    if (fields.user_id !== undefined) query.set('uid', String(fields.user_id));
    Object.keys(params || {}).forEach(function (key) { query.set('ep.' + key, String(params[key])); });
    fetch('https://www.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true });
  }
  function run(command) {
    var args = Array.prototype.slice.call(command);
    if (args[0] === 'config') {
      measurementId = args[1];
      if (!args[2] || args[2].send_page_view !== false) hit('page_view');
    } else if (args[0] === 'set') {
      Object.keys(args[1]).forEach(function (key) {
        if (args[1][key] === null) delete fields[key];
        else fields[key] = args[1][key];
      });
    } else if (args[0] === 'event') {
      hit(args[1], args[2]);
    }
  }
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  dataLayer.forEach(run);
  dataLayer.push = function () {
    Array.prototype.forEach.call(arguments, run);
    return Array.prototype.push.apply(dataLayer, arguments);
  };
})();`;

interface RumEvent {
  type: string;
  service?: string;
  version?: string;
  session: { id: string };
  view: { id: string; url: string };
  usr?: { id?: string; email?: string; name?: string; is_system_admin?: boolean };
  /** Error events: what was reported and where from (`custom`: addError, `source`: unhandled). */
  error?: { source?: string; message?: string };
  /** What the app passed along (addError's context). */
  context?: Record<string, unknown>;
}

/** Polls until `check` answers a value (tools/stack.mjs waitFor). */
async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const { waitFor } = await stackTools();
  return waitFor(check, what, timeoutMs);
}

/** RUM sends what it has collected at the latest this long after collecting it (its batches' duration limit, FLUSH_DURATION_LIMIT). */
const RUM_FLUSH_LIMIT_MS = 30_000;

function pathOf(url: string | null | undefined): string {
  return new URL(url ?? '', 'http://unknown').pathname;
}

describe('monitoring and error reporting, analytics, each pointed at a local stand-in', () => {
  interface Services {
    rum: FakeCollector;
    karte: FakeCollector;
    web: { origin: string; stop(): Promise<void> };
    runtimeConfig: string;
  }
  let services: Services | undefined;
  const started = (): Services => {
    if (!services) throw new Error('the stand-ins did not start');
    return services;
  };

  beforeAll(async () => {
    const [rum, karte] = await Promise.all([startFakeCollector(), startFakeCollector({ '/edge.js': KARTE_TAG })]);
    const variables = {
      DATADOG_APPLICATION_ID: 'e2e-application',
      DATADOG_CLIENT_TOKEN: 'pube2eclienttoken',
      DATADOG_PROXY_URL: `${rum.origin}/intake`,
      FIREBASE_MEASUREMENT_ID: MEASUREMENT_ID,
      KARTE_SCRIPT_URL: `${karte.origin}/edge.js`,
      APP_VERSION: 'e2e-1',
    };
    // The page reads the runtime config the web image would write; the server's policy allows the same hosts.
    const runtimeConfig = writeRuntimeConfig({ CONSOLE_ENV: 'test', ...variables });
    const web = await startWebServerFor(variables);
    services = { rum, karte, web, runtimeConfig };
  });

  afterAll(async () => {
    if (!services) return;
    const { rum, karte, web } = services;
    await web.stop();
    await Promise.all([rum.close(), karte.close()]);
  });

  function rumEvents(): RumEvent[] {
    return started()
      .rum.requests.filter((r) => (r.query.get('ddforward') ?? '').startsWith('/api/v2/rum'))
      .flatMap((r) =>
        r.body
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as RumEvent),
      );
  }

  /**
   * The first RUM event `find` answers, hiding the page before each look so that RUM sends what it
   * has batched; at the latest within RUM's flush limit, since on a loaded machine a hide may come
   * before the event is collected, which then goes with a later batch. A timeout lists the RUM
   * events that did arrive, to tell a late event from a missing one.
   */
  async function rumEvent<T>(page: Page, what: string, find: () => T | undefined): Promise<T> {
    try {
      return await eventually(
        what,
        async () => {
          await hidePageMomentarily(page);
          return find();
        },
        RUM_FLUSH_LIMIT_MS + 10_000,
      );
    } catch (error) {
      const received = rumEvents().map((e) =>
        [
          e.type,
          pathOf(e.view.url),
          `session ${e.session.id}`,
          e.usr?.id && `user ${e.usr.id}`,
          typeof e.context?.source === 'string' && `source ${e.context.source}`,
        ]
          .filter(Boolean)
          .join(' '),
      );
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; RUM events received (${received.length}, the last 20): ${received.slice(-20).join('; ')}`,
        { cause: error },
      );
    }
  }

  function karteCalls(): unknown[][] {
    return started()
      .karte.requests.filter((r) => r.path === '/events')
      .map((r) => JSON.parse(r.body) as unknown[]);
  }

  function isKarteIdentify(call: unknown[], user: SeededAccount): boolean {
    return call[0] === 'send' && call[1] === 'identify' && (call[2] as { user_id?: string } | undefined)?.user_id === user.id;
  }

  /** Serves the runtime config and stands in for gtag.js and Analytics' endpoint; returns the Analytics hits. */
  async function configure(context: BrowserContext): Promise<URLSearchParams[]> {
    const hits: URLSearchParams[] = [];
    await context.route(`${started().web.origin}/auth/runtime-config.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: started().runtimeConfig }),
    );
    await context.route('https://www.googletagmanager.com/gtag/js?**', (route) => route.fulfill({ contentType: 'text/javascript', body: GTAG }));
    await context.route('https://*.google-analytics.com/**', (route) => {
      hits.push(new URL(route.request().url()).searchParams);
      return route.fulfill({ status: 204 });
    });
    return hits;
  }

  /** Signs in through the sign-in page; answers that page's RUM view. */
  async function signIn(page: Page, user: SeededAccount): Promise<RumEvent> {
    const earlierViews = new Set(rumEvents().map((event) => event.view.id));
    await page.goto(`${started().web.origin}/auth/login`);
    // RUM starts once the page has loaded (its module comes lazily), while a person is still typing;
    // the test waits until the sign-in page's view has been sent (as when the page is hidden) before
    // the sign-in leaves the page, so that view is recorded whatever the page load after it does.
    const loginView = await rumEvent(page, 'the RUM view of /auth/login', () =>
      rumEvents().find((event) => event.type === 'view' && !earlierViews.has(event.view.id) && pathOf(event.view.url) === '/auth/login'),
    );
    await fillLogin(page, user.email, user.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth/projects');
    return loginView;
  }

  /** The next page's code cannot be loaded, as when a new release replaced it while the page was open. */
  async function failCodeLoading(context: BrowserContext): Promise<void> {
    await context.route(`${started().web.origin}/auth/assets/**`, (route) => route.abort());
  }

  /** The RUM events of the page's session once one of them carries the user (flushing as the page would when hidden). */
  async function rumSessionOf(page: Page, user: SeededAccount): Promise<{ id: string; events: () => RumEvent[] }> {
    const identified = await rumEvent(page, `a RUM event with the user ${user.id}`, () => rumEvents().find((event) => event.usr?.id === user.id));
    const id = identified.session.id;
    return { id, events: () => rumEvents().filter((event) => event.session.id === id) };
  }

  it('identifies the signed-in account to RUM, Analytics and KARTE, and reports the page views', async () => {
    const { context, page } = session();
    const hits = await configure(context);
    const user = await seedAccount('observed');
    const loginView = await signIn(page, user);

    const identify = await eventually('KARTE identify', () => karteCalls().find((call) => isKarteIdentify(call, user)));
    expect(identify).toEqual(['send', 'identify', { user_id: user.id, email: user.email, is_system_admin: false }]);
    await eventually('KARTE login', () => karteCalls().find((call) => JSON.stringify(call) === JSON.stringify(['send', 'login', { status: true }])));

    const analyticsIdentify = await eventually('Analytics identify', () => hits.find((hit) => hit.get('en') === 'identify' && hit.get('uid') === user.id));
    expect(analyticsIdentify.get('tid')).toBe(MEASUREMENT_ID);
    const pageViews = () => hits.filter((hit) => hit.get('en') === 'page_view').map((hit) => hit.get('dl'));
    await eventually('Analytics page views', () => (pageViews().includes(`${started().web.origin}/auth/projects`) ? true : undefined));
    expect(pageViews()).toEqual(expect.arrayContaining([`${started().web.origin}/auth/login`, `${started().web.origin}/auth/projects`]));

    const rum = await rumSessionOf(page, user);
    const identified = rum.events().filter((event) => event.usr?.id === user.id);
    expect(identified[0]).toMatchObject({ service: 'console-web', version: 'e2e-1', usr: { id: user.id, email: user.email, is_system_admin: false } });
    // The sign-in page's view (sent before signing in) and the projects page's view belong to the session that carries the user.
    expect(loginView.session.id).toBe(rum.id);
    await rumEvent(page, 'the RUM view of /auth/projects', () =>
      rum.events().find((event) => event.type === 'view' && pathOf(event.view.url) === '/auth/projects'),
    );
  });

  it('reports a route error with the account id to RUM and Analytics', async () => {
    const { context, page } = session();
    const hits = await configure(context);
    const user = await seedAccount('route-error');
    await signIn(page, user);
    await eventually('Analytics identify', () => hits.find((hit) => hit.get('en') === 'identify' && hit.get('uid') === user.id));

    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    const accountSettings = page.getByRole('menuitem', { name: 'アカウント設定' });
    await accountSettings.waitFor();
    await failCodeLoading(context);
    await accountSettings.click();
    await page.getByText(ERROR_SCREEN_TITLE).waitFor();

    const event = await rumEvent(page, 'the RUM error of the route error', () =>
      rumEvents().find((e) => e.type === 'error' && e.context?.source === 'route' && e.usr?.id === user.id),
    );
    expect(event).toMatchObject({ service: 'console-web', version: 'e2e-1', error: { source: 'custom' }, usr: { id: user.id, email: user.email } });
    expect(event.error?.message).toContain('dynamically imported module');

    const exception = await eventually('the Analytics exception', () => hits.find((hit) => hit.get('en') === 'exception'));
    expect(exception.get('uid')).toBe(user.id);
    expect(exception.get('ep.source')).toBe('route');
    expect(exception.get('ep.fatal')).toBe('false');
    expect(exception.get('ep.description')).toContain('dynamically imported module');
  });

  it('clears the user on logout: what is reported afterwards carries no user', async () => {
    const { context, page } = session();
    const hits = await configure(context);
    const user = await seedAccount('logout');
    await signIn(page, user);
    await eventually('KARTE identify', () => karteCalls().find((call) => isKarteIdentify(call, user)));
    await eventually('Analytics identify', () => hits.find((hit) => hit.get('en') === 'identify' && hit.get('uid') === user.id));
    const rum = await rumSessionOf(page, user);

    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectToast(page, 'ログアウトしました');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    const loggedOut = await eventually('KARTE logout', () => {
      const calls = karteCalls();
      const identified = calls.findIndex((call) => isKarteIdentify(call, user));
      const index = calls.findIndex((call, i) => i > identified && JSON.stringify(call) === JSON.stringify(['send', 'login', { status: false }]));
      return index >= 0 ? calls[index] : undefined;
    });
    expect(loggedOut).toEqual(['send', 'login', { status: false }]);

    // Then a route error on the next page: reported without a user.
    await failCodeLoading(context);
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.getByText(ERROR_SCREEN_TITLE).waitFor();

    const event = await rumEvent(page, 'the RUM error of the route error after logout', () =>
      rum.events().find((e) => e.type === 'error' && e.context?.source === 'route' && pathOf(e.view.url) === '/auth/forgot-password'),
    );
    expect(event.usr?.id).toBeUndefined();

    const exception = await eventually('the Analytics exception after logout', () => hits.find((hit) => hit.get('en') === 'exception'));
    expect(exception.get('uid')).toBeNull();

    const afterLogout = await rumEvent(page, 'the RUM view of /auth/forgot-password', () => {
      const views = rum.events().filter((e) => e.type === 'view' && pathOf(e.view.url) === '/auth/forgot-password');
      return views.length > 0 ? views : undefined;
    });
    expect(afterLogout.filter((view) => view.usr?.id !== undefined)).toEqual([]);
  });
});

describe('with no monitoring configured', () => {
  it('sends no request beyond the console and its identity provider, and loads none of the services', async () => {
    const { context, page } = session();
    const origins = new Set<string>();
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    });
    const user = await seedAccount('unobserved');
    await loginThroughUi(page, user.email, user.password);
    await waitForPath(page, '/projects');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectToast(page, 'ログアウトしました');
    await hidePageMomentarily(page);

    const loaded = await page.evaluate(() => ({ rum: 'DD_RUM' in window, analytics: 'dataLayer' in window, karte: 'krt' in window }));
    expect(loaded).toEqual({ rum: false, analytics: false, karte: false });
    expect([...origins].sort()).toEqual([stack.origin, `http://${stack.emulatorHost}`].sort());
  });
});
