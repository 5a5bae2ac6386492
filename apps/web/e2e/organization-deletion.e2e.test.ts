/**
 * Deleting an organization in the browser (docs/product-rules.md#organization-deletion): the danger
 * zone of the organization's general settings (disabled for a member, the typed name by keyboard for
 * an admin), the organization gone at once for its members, restored by a system administrator from
 * 削除された組織, and purged by the periodic job once its deletion is older than the retention period
 * (moved back in time in the stack's database, and a run of the job queued as its schedule queues
 * one: the schedule's firing is apps/api/test/job-queue-pglite.test.ts's).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginThroughUi, newSession, open, openSignedIn, setUpBrowserSessions, waitForPath } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, stack, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
/** An open modal dialog. */
const MODAL = '[role="dialog"][aria-modal="true"]';

/** The stack's database. */
function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the e2e global setup');
  return url;
}

/** One value from the stack's database (psql). */
function sql(statement: string): string {
  return execFileSync('psql', [databaseUrl(), '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' }).trim();
}

/** The periodic purge's kind of job (ORGANIZATION_PURGE_JOB of the API). */
const PURGE_JOB = 'organization-purge';

/**
 * Queues one run of the purge job in the stack's database, as the job's schedule queues them:
 * pg-boss's own send, run with the API's dependencies (where pg-boss is), beside the stack's workers.
 */
function queuePurgeRun(): void {
  const script = [
    `import { PgBoss } from 'pg-boss';`,
    `const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: 'pgboss', supervise: false, schedule: false, migrate: false });`,
    `await boss.start();`,
    `await boss.send(${JSON.stringify(PURGE_JOB)}, {});`,
    `await boss.stop({ graceful: false });`,
  ].join('\n');
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(__dirname, '..', '..', 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl() },
    stdio: 'pipe',
  });
}

async function newOrganization(): Promise<{ fixture: Fixture; admin: SeededAccount; member: SeededAccount }> {
  const suffix = uniqueSuffix();
  const fixture = await createOrganizationWithProject(`削除確認組織${suffix}`, `削除確認プロジェクト${suffix}`);
  const admin = await seedMember(fixture, 'admin', 'admin', 'org-deleting-admin');
  const member = await seedMember(fixture, 'member', 'member', 'org-deleting-member');
  return { fixture, admin, member };
}

const dangerZone = (page: Page) => page.getByRole('region', { name: '組織の削除' });
const deleteButton = (page: Page) => dangerZone(page).getByRole('button', { name: '組織を削除' });

async function openGeneral(account: SeededAccount, fixture: Fixture): Promise<void> {
  await openSignedIn(session(), account, `/organizations/${fixture.organization.id}/settings/general`);
  await session().page.getByLabel('組織名').waitFor();
}

/** The project chooser as the signed-in person sees it: whether the fixture's project is listed. */
async function chooserShows(page: Page, fixture: Fixture): Promise<boolean> {
  await open(page, '/projects');
  await page.getByRole('heading', { name: 'プロジェクトを選択' }).waitFor();
  await page.locator('[data-testid="project-list"], [data-testid="projects-empty"]').first().waitFor();
  return (await page.getByRole('link', { name: fixture.project.name }).count()) > 0;
}

/** Runs `use` with a page of a browser session of its own (the member's, beside the test's), closed afterwards. */
async function inOtherSession(use: (page: Page) => Promise<void>): Promise<void> {
  const other = await newSession(browser());
  try {
    await use(other.page);
  } finally {
    await other.context.close();
  }
}

const deletedRow = (page: Page, fixture: Fixture) =>
  page.locator(`[data-testid="deleted-organization-row"][data-organization-id="${fixture.organization.id}"]`);

describe('deleting an organization', () => {
  let fixture: Fixture;
  let admin: SeededAccount;
  let member: SeededAccount;

  beforeAll(async () => {
    ({ fixture, admin, member } = await newOrganization());
  });

  it('shows a member the danger zone with the button disabled', async () => {
    const { page } = session();
    await openGeneral(member, fixture);
    await expect(deleteButton(page).isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'organization general: danger zone, member');
  });

  it('an admin deletes it by keyboard after typing its name; its members no longer see it', async () => {
    const { page } = session();
    await openGeneral(admin, fixture);
    await deleteButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator(MODAL);
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: '削除する' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'organization general: delete dialog', { within: MODAL });
    // The dialog keeps the focus and gives it back to the button when cancelled.
    await expectDialogTrapsAndReturnsFocus(page, dialog, deleteButton(page));

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type(`${fixture.organization.name}x`);
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Backspace');
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expectToast(page, '組織を削除しました');
    await waitForPath(page, '/projects');
    await page.getByTestId('projects-empty').waitFor();

    await inOtherSession(async (other) => {
      await loginThroughUi(other, member.email, member.password);
      await expect(chooserShows(other, fixture)).resolves.toBe(false);
      await open(other, `/organizations/${fixture.organization.id}/settings/general`);
      await other.getByText('組織が見つかりません').waitFor();
    });
    expect(sql(`SELECT action FROM audit_events WHERE organization_id = '${fixture.organization.id}' AND action = 'organization.delete'`)).toBe(
      'organization.delete',
    );
  });

  it('a system administrator restores it from 削除された組織; its members see it again', async () => {
    const { page } = session();
    await openSignedIn(session(), stack.root, '/system-admin/deleted-organizations');
    const row = deletedRow(page, fixture);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(fixture.organization.name);
    await expectNoSeriousA11yViolations(page, 'system admin: deleted organizations');
    await row.getByRole('button', { name: `復元: ${fixture.organization.name}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator(MODAL);
    await dialog.getByText(`${fixture.organization.name}を復元しますか？`).waitFor();
    await dialog.getByRole('button', { name: '復元する' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, '組織を復元しました');
    await row.waitFor({ state: 'detached' });

    await inOtherSession(async (other) => {
      await loginThroughUi(other, member.email, member.password);
      await expect(chooserShows(other, fixture)).resolves.toBe(true);
    });
  });

  it('once its deletion is older than the retention period, the purge job removes it for good', async () => {
    const { fixture: doomed, admin: doomedAdmin } = await newOrganization();
    await api('/organization/delete', doomedAdmin.idToken, { organizationId: doomed.organization.id, confirmName: doomed.organization.name });
    const { page } = session();
    await openSignedIn(session(), stack.root, '/system-admin/deleted-organizations');
    await deletedRow(page, doomed).waitFor();

    // The deletion moved back past the 30 days: the next run of the job purges it.
    sql(`UPDATE organizations SET deleted_at = now() - interval '31 days' WHERE id = '${doomed.organization.id}'`);
    queuePurgeRun();
    const started = Date.now();
    while (sql(`SELECT count(*) FROM organizations WHERE id = '${doomed.organization.id}'`) !== '0') {
      if (Date.now() - started > 60_000) throw new Error('the organization was not purged within 60 s of a run queued');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const purged = (table: string) => sql(`SELECT count(*) FROM ${table} WHERE organization_id = '${doomed.organization.id}'`);
    expect(['projects', 'organization_memberships', 'invitations', 'roles'].map(purged)).toEqual(['0', '0', '0', '0']);
    expect(sql(`SELECT string_agg(action, ',' ORDER BY occurred_at) FROM audit_events WHERE organization_id = '${doomed.organization.id}'`)).toMatch(
      /organization\.delete,organization\.purge$/,
    );

    await page.reload();
    await page.getByTestId('deleted-organizations-table').waitFor();
    await expect(deletedRow(page, doomed).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page, 'system admin: deleted organizations after a purge');
  }, 100_000);
});
