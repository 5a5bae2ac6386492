import { writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expectToast, open, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { eventually, renderedRows, scrollToEnd } from './support/lists';
import { createOrganizationWithProject, seedAccountOnDomain, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, seedAccount, stack, verifyEmailAddress } from './support/stack';

/** Long lists: the tables and the chooser read a page at a time as they scroll, render a window of rows, and search on the server. */
const TAG = uniqueSuffix();
const ACCOUNT_PREFIX = `bulk${TAG}`;
const ACCOUNTS = 300;
const ORGANIZATIONS = ['A', 'B', 'C'].map((letter) => `長リスト${TAG}-${letter}`);
const PROJECTS_PER_ORGANIZATION = 100;
const INVITATIONS = 120;
const invitationEmail = (n: number) => `inv${TAG}-${n}@example.com`;
/** What the test measured, for the record. */
const figures: Record<string, number> = {};

const { session } = setUpBrowserSessions();
let fixture: Fixture;
/** The ids of the bulk projects, by name. */
const projectIds = new Map<string, string>();

/** Runs `task` for 0..count-1, `width` at a time. */
async function inBatches(count: number, width: number, task: (n: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i)));
  }
}

/** A new account; a fresh identity's first call is tried again once if the API did not take its token yet. */
async function seedBulkAccount(): Promise<void> {
  try {
    await seedAccount(ACCOUNT_PREFIX);
  } catch {
    await seedAccount(ACCOUNT_PREFIX);
  }
}

beforeAll(async () => {
  const token = await rootIdToken();
  await inBatches(ACCOUNTS, 10, seedBulkAccount);
  for (const name of ORGANIZATIONS) {
    const organization = await api<{ id: string }>('/system-admin/organization/create', token, { name, profileImageSrc: null });
    const letter = name.slice(-1);
    await inBatches(PROJECTS_PER_ORGANIZATION, 15, async (n) => {
      const name = `p${TAG}-${letter}-${String(n).padStart(3, '0')}`;
      projectIds.set(name, (await api<{ id: string }>('/system-admin/project/create', token, { organizationId: organization.id, name })).id);
    });
  }
  fixture = await createOrganizationWithProject(`長リスト招待${TAG}`, `長リスト招待プロジェクト${TAG}`);
  await seedMember(fixture, 'admin', 'member', `longlist-admin-${TAG}`);
  await seedMember(fixture, 'member', 'member', `longlist-member-${TAG}`);
  const roleOf = (roles: { id: string; key: string }[], key: string) => roles.find((r) => r.key === key)?.id ?? '';
  for (let start = 0; start < INVITATIONS; start += 60) {
    await api('/organization/inviteMembers', token, {
      organizationId: fixture.organization.id,
      emails: Array.from({ length: 60 }, (_, i) => invitationEmail(start + i)),
      props: {
        roleId: roleOf(fixture.organization.roles, 'member'),
        projects: [{ projectId: fixture.project.id, roleId: roleOf(fixture.project.roles, 'member') }],
      },
    });
  }
}, 300_000);

afterAll(() => {
  writeFileSync('/tmp/console-e2e-long-lists-figures.json', JSON.stringify(figures, null, 2));
});

async function openAsRoot(path: string): Promise<void> {
  await openSignedIn(session(), stack.root, path);
}

/** Counts the calls of one API path the page makes from now on. */
function countCalls(page: Page, path: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(path)) calls += 1;
  });
  return () => calls;
}

/** Waits until the row showing `text` is inside the scroll container's visible part, highlighted as the one just created. */
async function expectRevealed(container: Locator, text: string): Promise<void> {
  const row = container.locator('[data-index]').filter({ hasText: text }).first();
  await row.waitFor();
  await eventually(
    async () => {
      const [box, inner] = await Promise.all([container.boundingBox(), row.boundingBox()]);
      return box !== null && inner !== null && inner.y >= box.y && inner.y + inner.height <= box.y + box.height;
    },
    (inside) => inside,
  );
  await expect(row.evaluate((element) => element.matches('[data-created]') || element.querySelector('[data-created]') !== null)).resolves.toBe(true);
}

describe('long lists', () => {
  it('system-admin members: renders a window of the accounts, reads on as it scrolls, and searches on the server', async () => {
    const { page } = session();
    await openAsRoot('/system-admin/members');
    const table = page.getByRole('region', { name: 'アカウント一覧' });
    await table.getByTestId('account-row').first().waitFor();
    const rendered = await renderedRows(table);
    // Hundreds of accounts, a window of rows in the page, and the page no taller than the window.
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    figures.membersRowsRenderedAtFirst = rendered.length;
    figures.membersPageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(figures.membersPageHeight).toBeLessThanOrEqual(800);
    await page.screenshot({ path: '/tmp/console-e2e-long-members.png' });

    // The server search: only this run's bulk accounts, all of them once scrolled to the end, a page per call.
    const calls = countCalls(page, '/systemAdmin/account/list');
    await page.getByRole('textbox', { name: 'アカウントを検索' }).fill(ACCOUNT_PREFIX.toUpperCase());
    await eventually(
      () => renderedRows(table),
      (rows) => rows.length > 0 && rows.every((row) => row.text.startsWith(ACCOUNT_PREFIX)),
    );
    const { rows, mostRendered } = await scrollToEnd(table);
    expect(new Set(rows.map((row) => row.text)).size).toBe(ACCOUNTS);
    expect(rows.every((row) => row.text.startsWith(ACCOUNT_PREFIX))).toBe(true);
    expect(mostRendered).toBeLessThan(40);
    figures.membersMostRowsRendered = mostRendered;
    figures.membersSearchCalls = calls();
    expect(calls()).toBe(ACCOUNTS / 50);

    // One address; then nothing.
    const one = rows[123]?.text ?? '';
    await page.getByRole('textbox', { name: 'アカウントを検索' }).fill(one);
    await eventually(
      () => renderedRows(table),
      (seen) => seen.length === 1 && seen[0]?.text === one,
    );
    await page.getByRole('textbox', { name: 'アカウントを検索' }).fill(`${ACCOUNT_PREFIX}-存在しない`);
    await table.getByText('該当するアカウントがありません').waitFor();
  });

  it('system-admin members: an account granted system-admin rights through the dialog is shown, though it sorts after hundreds of accounts', async () => {
    const { page } = session();
    const staff = await seedAccountOnDomain(stack.root.email.split('@')[1] ?? '', `zzstaff${TAG}`);
    await verifyEmailAddress(staff.email, staff.password);
    await openAsRoot('/system-admin/members');
    const table = page.getByRole('region', { name: 'アカウント一覧' });
    await table.getByTestId('account-row').first().waitFor();
    await page.getByRole('button', { name: 'システム管理者を追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'システム管理者を追加' });
    await dialog.getByLabel('メールアドレス').fill(staff.email);
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expectToast(page, 'システム管理者に追加しました');
    await expectRevealed(table, staff.email);
    await table.locator('[data-created]').getByText('システム管理者').waitFor();
  });

  it('a list that cannot be read says so and reads again on 再読み込み', async () => {
    const { page } = session();
    // The accounts call fails (the network drops it) until the user asks again.
    await page.route('**/api/systemAdmin/account/list', (route) => route.abort('connectionfailed'));
    await openAsRoot('/system-admin/members');
    const error = page.getByTestId('list-error');
    await error.getByText('読み込めませんでした').waitFor({ timeout: 30_000 });
    await page.unroute('**/api/systemAdmin/account/list');
    await error.getByRole('button', { name: '再読み込み' }).click();
    await page.getByRole('region', { name: 'アカウント一覧' }).getByTestId('account-row').first().waitFor();
  });

  it('project chooser: groups the projects under their organizations across pages, and searches on the server', async () => {
    const { page } = session();
    await openAsRoot('/projects');
    const list = page.getByTestId('project-list');
    await list.getByRole('link').first().waitFor();
    expect((await renderedRows(list)).length).toBeLessThan(40);

    // The organizations' names match: their 300 projects, 100 under each heading, headings once each.
    await page.getByPlaceholder('組織名・プロジェクト名で検索').fill(`長リスト${TAG}`);
    await eventually(
      () => renderedRows(list),
      (rows) => rows[0]?.text === ORGANIZATIONS[0] && rows.every((row) => row.group.startsWith(`長リスト${TAG}-`)),
    );
    await page.screenshot({ path: '/tmp/console-e2e-long-chooser.png' });
    const { rows, mostRendered } = await scrollToEnd(list);
    expect(mostRendered).toBeLessThan(40);
    figures.chooserMostRowsRendered = mostRendered;
    const headings = rows.filter((row) => !row.link);
    expect(headings.map((row) => [row.index, row.text])).toEqual(ORGANIZATIONS.map((name, i) => [i * (PROJECTS_PER_ORGANIZATION + 1), name]));
    const projects = rows.filter((row) => row.link);
    expect(projects).toHaveLength(ORGANIZATIONS.length * PROJECTS_PER_ORGANIZATION);
    for (const row of projects) expect([row.text, row.group]).toEqual([row.text, `長リスト${TAG}-${row.text.split('-')[1] ?? ''}`]);
    await page.screenshot({ path: '/tmp/console-e2e-long-chooser-end.png' });

    // A project's name: that project only, under its organization.
    await page.getByPlaceholder('組織名・プロジェクト名で検索').fill(`P${TAG}-B-042`);
    const only = await eventually(
      () => renderedRows(list),
      (seen) => seen.length === 2,
    );
    expect(only.map((row) => [row.text, row.group])).toEqual([
      [ORGANIZATIONS[1], ORGANIZATIONS[1]],
      [`p${TAG}-B-042`, ORGANIZATIONS[1]],
    ]);
  });

  it('project switcher: searches on the server, reads on as its options scroll, groups them by organization, and works from the keyboard', async () => {
    const { page } = session();
    await openAsRoot(`/projects/${projectIds.get(`p${TAG}-A-000`) ?? ''}`);
    const button = page.getByTestId('project-sidebar').getByRole('button', { name: `${ORGANIZATIONS[0]} p${TAG}-A-000（組織・プロジェクトを切り替え）` });
    await button.click();
    const search = page.getByRole('combobox', { name: '組織・プロジェクトを検索' });
    const options = page.getByRole('listbox', { name: '組織とプロジェクト' });
    await options.getByRole('option').first().waitFor();
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Typing searches on the server: this run's 300 projects, a page of 50 per call as the options scroll, one group per organization.
    const calls = countCalls(page, '/project/listInAccount');
    await page.keyboard.type(`長リスト${TAG}-`);
    await eventually(
      () => options.getByRole('option').allTextContents(),
      (names) => names.length === 50 && names.every((name) => name.startsWith(`p${TAG}-A-`)),
    );
    const current = options.getByRole('option', { name: `p${TAG}-A-000` });
    await expect(current.getAttribute('aria-selected')).resolves.toBe('true');
    const names = await eventually(
      async () => {
        await options.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        return options.getByRole('option').allTextContents();
      },
      (seen) => seen.length === ORGANIZATIONS.length * PROJECTS_PER_ORGANIZATION,
      30_000,
    );
    expect(names).toEqual([...projectIds.keys()].sort());
    const groups = await options
      .getByRole('group')
      .evaluateAll((elements) => elements.map((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent));
    expect(groups).toEqual(ORGANIZATIONS);
    expect(calls()).toBe((ORGANIZATIONS.length * PROJECTS_PER_ORGANIZATION) / 50);
    figures.switcherSearchCalls = calls();

    // A project's name narrows to that project; arrows move, Escape closes and gives the focus back.
    await search.fill(`P${TAG}-B-04`);
    await eventually(
      () => options.getByRole('option').allTextContents(),
      (seen) => seen.length === 10 && seen.every((name) => name.startsWith(`p${TAG}-B-04`)),
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await search.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`).textContent()).resolves.toBe(`p${TAG}-B-041`);
    await page.keyboard.press('Escape');
    await options.waitFor({ state: 'detached' });
    await eventually(
      () => button.evaluate((el) => el === document.activeElement),
      (focused) => focused,
    );

    // From the keyboard again: Enter opens the switcher, typing searches, Enter opens the first match.
    await page.keyboard.press('Enter');
    await search.waitFor();
    // The switcher gives its search the focus as it opens: type once it has it.
    await eventually(
      () => search.evaluate((el) => el === document.activeElement),
      (focused) => focused,
    );
    await page.keyboard.type(`p${TAG}-C-099`);
    await eventually(
      () => options.getByRole('option').allTextContents(),
      (seen) => seen.length === 1 && seen[0] === `p${TAG}-C-099`,
    );
    await page.keyboard.press('Enter');
    await waitForPath(page, `/projects/${projectIds.get(`p${TAG}-C-099`) ?? ''}`);
    await page
      .getByTestId('project-sidebar')
      .getByRole('button', { name: `${ORGANIZATIONS[2]} p${TAG}-C-099（組織・プロジェクトを切り替え）` })
      .waitFor();
  });

  it('member tables: members then invitations a page at a time; the search narrows both and, in the project, lives in the URL', async () => {
    const { page } = session();
    await openAsRoot(`/organizations/${fixture.organization.id}/settings/members`);
    await page.getByTestId('member-count').getByText('2人のメンバー').waitFor();
    const table = page.getByRole('region', { name: 'メンバーと招待' });
    await table.getByTestId('member-row').first().waitFor();
    expect((await renderedRows(table)).length).toBeLessThan(40);
    const { rows } = await scrollToEnd(table);
    expect(rows).toHaveLength(2 + INVITATIONS);
    expect(new Set(rows.map((row) => row.text)).size).toBe(2 + INVITATIONS);
    // Members first, then the invitations.
    expect(rows.slice(0, 2).every((row) => row.text.includes(`longlist-`))).toBe(true);
    expect(rows.slice(2).every((row) => row.text.startsWith(`inv${TAG}-`))).toBe(true);

    await page.getByRole('textbox', { name: 'メンバーを検索' }).fill(`inv${TAG}-7`);
    const matching = [7, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79].map(invitationEmail).sort();
    await eventually(
      async () => (await renderedRows(table)).map((row) => row.text).sort(),
      (emails) => JSON.stringify(emails) === JSON.stringify(matching),
    );
    // The count stays the organization's.
    await page.getByTestId('member-count').getByText('2人のメンバー').waitFor();

    // The project's tab takes the search from the URL; cancelling an invitation refreshes the searched list.
    await open(page, `/organizations/${fixture.organization.id}/settings/projects/${fixture.project.id}?view=members&q=${encodeURIComponent(`inv${TAG}-7`)}`);
    const search = page.getByRole('textbox', { name: 'メンバーを検索' });
    await expect(search.inputValue()).resolves.toBe(`inv${TAG}-7`);
    const projectTable = page.getByRole('region', { name: 'メンバーと招待' });
    await eventually(
      async () => (await renderedRows(projectTable)).map((row) => row.text).sort(),
      (emails) => JSON.stringify(emails) === JSON.stringify(matching),
    );
    await page.getByRole('button', { name: `${invitationEmail(75)}の操作` }).click();
    await page.getByRole('menuitem', { name: '招待をキャンセル' }).click();
    await page.getByRole('dialog', { name: '招待をキャンセル' }).getByRole('button', { name: '招待をキャンセルする' }).click();
    await expectToast(page, '招待をキャンセルしました');
    await eventually(
      async () => (await renderedRows(projectTable)).map((row) => row.text),
      (emails) => emails.length === matching.length - 1 && !emails.includes(invitationEmail(75)),
    );
    await search.fill(`inv${TAG}-11`);
    await page.waitForURL((url) => url.searchParams.get('q') === `inv${TAG}-11` && url.searchParams.get('view') === 'members');
    await eventually(
      async () => (await renderedRows(projectTable)).map((row) => row.text).sort(),
      (emails) => JSON.stringify(emails) === JSON.stringify([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119].map(invitationEmail).sort()),
    );
  });

  // Last: it adds a project to the first organization, which the chooser and switcher tests count.
  it('system-admin organizations and projects: a new organization and a new project are shown to their creator, wherever they sort', async () => {
    const { page } = session();
    await openAsRoot('/system-admin/orgs-and-projects');
    const list = page.getByTestId('organization-list');
    await list.getByTestId('organization-group').first().waitFor();

    // An organization without projects follows every listed project: hundreds of rows down.
    const organizationName = `長リスト${TAG}-新規組織`;
    await page.getByRole('button', { name: '組織を作成' }).click();
    const organizationDialog = page.getByRole('dialog', { name: '組織を作成' });
    await organizationDialog.getByLabel('組織名').fill(organizationName);
    await organizationDialog.getByRole('button', { name: '作成する' }).click();
    await expectToast(page, '組織を作成しました');
    await expectRevealed(list, organizationName);

    // A project that sorts last of an organization's 100, past the first page of that organization's search.
    const search = page.getByRole('textbox', { name: '検索', exact: true });
    await search.fill(ORGANIZATIONS[0] ?? '');
    await list.getByRole('group', { name: ORGANIZATIONS[0] }).getByRole('button', { name: 'プロジェクトを作成' }).click();
    const projectName = `p${TAG}-A-999-新規`;
    const projectDialog = page.getByRole('dialog', { name: `${ORGANIZATIONS[0]}にプロジェクトを作成` });
    await projectDialog.getByLabel('プロジェクト名').fill(projectName);
    await projectDialog.getByRole('button', { name: '作成する' }).click();
    await expectToast(page, 'プロジェクトを作成しました');
    await expectRevealed(list, projectName);
    await expect(list.locator('[data-created]').getAttribute('href')).resolves.toMatch(/\/auth\/projects\/[A-Za-z0-9]{8}$/);
    await page.screenshot({ path: '/tmp/console-e2e-created-project.png' });
  });
});
