import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath, type Session } from './support/browser';
import { eventually } from './support/lists';
import { seedAccount, seedOrganization, stack, suffix } from './support/stack';

/** This suite's own organization: knowledge enabled on the first project only. */
const DEMO = {
  organizationId: '',
  organizationName: `E2E組織-${suffix()}`,
  knowledgeProjectId: '',
  knowledgeProjectName: `ナレッジ活用プロジェクト-${suffix()}`,
  plainProjectId: '',
  plainProjectName: `準備中プロジェクト-${suffix()}`,
};
const LATEST_PROJECT_KEY = 'console.latestProjectId';
const LATEST_PRODUCT_KEY = 'console.latestProductByProjectId';

const { session } = setUpBrowserSessions();

beforeAll(async () => {
  const organization = await seedOrganization(DEMO.organizationName, [{ name: DEMO.knowledgeProjectName, knowledge: true }, { name: DEMO.plainProjectName }]);
  DEMO.organizationId = organization.id;
  DEMO.knowledgeProjectId = organization.projects[0]?.id ?? '';
  DEMO.plainProjectId = organization.projects[1]?.id ?? '';
});

async function storageValue(session: Session, key: string): Promise<string | null> {
  return session.page.evaluate((k) => window.localStorage.getItem(k), key);
}

async function loginAsRootAtProjects(session: Session): Promise<void> {
  const { page } = session;
  // A remembered project that does not exist: /projects/latest → /projects/zzzzzzzz → /projects,
  // instead of the default project (which may open a product).
  await open(page, '/login');
  await page.evaluate((key) => window.localStorage.setItem(key, 'zzzzzzzz'), LATEST_PROJECT_KEY);
  await loginThroughUi(page, stack.root.email, stack.root.password);
  await waitForPath(page, '/projects');
  await page.getByRole('heading', { name: 'プロジェクトを選択' }).waitFor();
}

describe('project chooser', () => {
  it('groups projects under the organization and filters by organization or project name', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    const list = page.getByTestId('project-list');
    const search = page.getByPlaceholder('組織名・プロジェクト名で検索');
    // The organization's name matches: both of its projects stay.
    await search.fill(DEMO.organizationName.toLowerCase());
    await list.getByText(DEMO.organizationName).waitFor();
    await list.getByRole('link', { name: DEMO.knowledgeProjectName }).waitFor();
    await list.getByRole('link', { name: DEMO.plainProjectName }).waitFor();
    await expect(list.getByRole('link', { name: DEMO.plainProjectName }).getAttribute('href')).resolves.toBe(`/auth/projects/${DEMO.plainProjectId}`);
    await expect(list.evaluate((el) => Math.round(el.getBoundingClientRect().height))).resolves.toBe(300);
    await page.screenshot({ path: '/tmp/console-e2e-projects.png' });

    await eventually(
      () => list.getByRole('link').allInnerTexts(),
      (names) => names.length === 2,
    );
    // A project's name matches: only that project stays.
    await search.fill(DEMO.plainProjectName.toUpperCase());
    await eventually(
      () => list.getByRole('link').allInnerTexts(),
      (names) => names.length === 1 && names[0] === DEMO.plainProjectName,
    );
    await search.fill('存在しない');
    await list.getByText('該当するプロジェクトがありません').waitFor();
  });

  it('shows the system-admin banner to a system admin, linking to /auth/system-admin', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    const banner = page.getByTestId('system-admin-banner');
    await banner.getByText('システム管理者権限でログインしています').waitFor();
    const link = banner.getByRole('link', { name: 'システム管理画面へ' });
    await expect(link.getAttribute('href')).resolves.toBe('/auth/system-admin');
    await link.click();
    await waitForPath(page, '/system-admin/members');
  });

  it('offers account settings and logout in the account menu', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'アカウント設定' }).click();
    await waitForPath(page, '/account/profile');
  });
});

describe('project layout and product redirect', () => {
  it('opens the enabled product with a full-page navigation and remembers project and product', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    await page.getByPlaceholder('組織名・プロジェクト名で検索').fill(DEMO.knowledgeProjectName);
    await page.getByTestId('project-list').getByRole('link', { name: DEMO.knowledgeProjectName }).click();
    await page.waitForURL((url) => url.pathname === '/knowledge/' && url.searchParams.get('projectId') === DEMO.knowledgeProjectId);
    await page.getByRole('heading', { name: 'ナレッジ' }).waitFor();
    await expect(storageValue(session(), LATEST_PROJECT_KEY)).resolves.toBe(DEMO.knowledgeProjectId);
    await expect(storageValue(session(), LATEST_PRODUCT_KEY)).resolves.toBe(JSON.stringify({ [DEMO.knowledgeProjectId]: 'knowledge' }));

    // /projects/latest uses the remembered project and goes straight back to its product.
    await open(page, '/projects/latest');
    await page.waitForURL((url) => url.pathname === '/knowledge/' && url.searchParams.get('projectId') === DEMO.knowledgeProjectId);
  });

  it('shows the sidebar with the switcher and プロダクトがありません for a project without products', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    await open(page, `/projects/${DEMO.plainProjectId}`);
    const sidebar = page.getByTestId('project-sidebar');
    await sidebar.getByText('プロダクトがありません').waitFor();
    await expect(sidebar.evaluate((el) => Math.round(el.getBoundingClientRect().width))).resolves.toBe(280);
    await expect(storageValue(session(), LATEST_PROJECT_KEY)).resolves.toBe(DEMO.plainProjectId);
    await expect(sidebar.getByRole('link', { name: '設定' }).getAttribute('href')).resolves.toBe(
      `/auth/organizations/${DEMO.organizationId}/settings/projects/${DEMO.plainProjectId}`,
    );

    await sidebar.getByRole('button', { name: '組織・プロジェクトを切り替え' }).click();
    const current = page.getByRole('option', { name: DEMO.plainProjectName });
    await expect(current.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('option', { name: DEMO.knowledgeProjectName }).getAttribute('aria-selected')).resolves.toBe('false');
    await page.getByTestId('project-switcher').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: '/tmp/console-e2e-project-sidebar.png' });
    await page.keyboard.press('Escape');

    // The remembered latest project wins over the default one.
    await open(page, '/projects/latest');
    await waitForPath(page, `/projects/${DEMO.plainProjectId}`);
    await sidebar.getByText('プロダクトがありません').waitFor();

    // The settings button leads to the project's settings route.
    await sidebar.getByRole('link', { name: '設定' }).click();
    await waitForPath(page, `/organizations/${DEMO.organizationId}/settings/projects/${DEMO.plainProjectId}`);
  });

  it('ignores a remembered product that is not enabled for the project', async () => {
    const { page } = session();
    await loginAsRootAtProjects(session());
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      LATEST_PRODUCT_KEY,
      JSON.stringify({ [DEMO.plainProjectId]: 'knowledge' }),
    ] as const);
    await open(page, `/projects/${DEMO.plainProjectId}`);
    await page.getByTestId('project-sidebar').getByText('プロダクトがありません').waitFor();
    await waitForPath(page, `/projects/${DEMO.plainProjectId}`);
  });

  it('sends an unknown project, or one the account does not belong to, to /projects', async () => {
    const { page } = session();
    const outsider = await seedAccount('outsider');
    await loginThroughUi(page, outsider.email, outsider.password);
    await waitForPath(page, '/projects');
    await open(page, `/projects/${DEMO.knowledgeProjectId}`);
    await waitForPath(page, '/projects');
    await open(page, '/projects/zzzzzzzz');
    await waitForPath(page, '/projects');
    await page.getByText('まだプロジェクトがありません').waitFor();
  });
});

describe('account pages', () => {
  const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it('/account goes to the profile; the name and avatar are saved only when changed', async () => {
    const { page } = session();
    const user = await seedAccount('profile');
    await loginThroughUi(page, user.email, user.password);
    await open(page, '/account');
    await waitForPath(page, '/account/profile');
    const save = page.getByRole('button', { name: '保存' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await page.getByLabel('名前').fill('山田 太郎');
    await expect(save.isDisabled()).resolves.toBe(false);
    await page.getByLabel('名前').fill('');
    await expect(save.isDisabled()).resolves.toBe(true);

    await page.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByRole('img', { name: 'プロフィール画像' }).waitFor();
    await page.getByLabel('名前').fill('山田 太郎');
    await save.click();
    await expectToast(page, 'プロフィールを更新しました');
    await expect(save.isDisabled()).resolves.toBe(true);

    await page.reload();
    await expect(page.getByLabel('名前').inputValue()).resolves.toBe('山田 太郎');
    await page.getByRole('img', { name: 'プロフィール画像' }).waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-account-profile.png' });
  });

  it('/account/authentication shows the email read-only and sends the reset mail', async () => {
    const { page } = session();
    const user = await seedAccount('authpage');
    await loginThroughUi(page, user.email, user.password);
    await open(page, '/account/authentication');
    const email = page.getByLabel('メールアドレス');
    await expect(email.inputValue()).resolves.toBe(user.email);
    await expect(email.getAttribute('readonly')).resolves.not.toBeNull();
    await page.getByRole('button', { name: 'パスワード再設定メールを送信' }).click();
    await expectToast(page, 'パスワードの再設定メールを送信しました');
  });
});
