import type { Browser } from 'playwright-core';
import { expectToast, launchBrowser, newSession, open, waitForPath, type Session } from './support/browser';
import { api, rootIdToken, uniqueEmail } from './support/stack';

const ORGANIZATION_ID = 'demoOrg1';
const PROJECT_ID = 'demoPrj2';

interface Role {
  id: string;
  key: string;
}

/** The organization admin (root) invites `email` to the demo organization and one project, over HTTP. */
async function inviteToDemoOrganization(email: string): Promise<string> {
  const token = await rootIdToken();
  const organizations = await api<{ id: string; roles: Role[] }[]>('/organization/listOfAccount', token);
  const projects = await api<{ id: string; roles: Role[] }[]>('/project/listInAccount', token);
  const organizationRole = organizations.find((o) => o.id === ORGANIZATION_ID)?.roles.find((r) => r.key === 'member');
  const projectRole = projects.find((p) => p.id === PROJECT_ID)?.roles.find((r) => r.key === 'member');
  if (!organizationRole || !projectRole) throw new Error('demo roles not found');
  const entries = await api<{ email: string; invitation: { id: string } | null }[]>('/organization/inviteMembers', token, {
    organizationId: ORGANIZATION_ID,
    emails: [email],
    props: { roleId: organizationRole.id, projects: [{ projectId: PROJECT_ID, roleId: projectRole.id }] },
  });
  const id = entries[0]?.invitation?.id;
  if (!id) throw new Error(`the invitation was not created: ${JSON.stringify(entries)}`);
  return id;
}

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  session = await newSession(browser);
});
afterEach(async () => {
  await session.context.close();
});

describe('invitations', () => {
  it('an invited person signs up from the invitation link, accepts and sees the organization', async () => {
    const { page } = session;
    const email = uniqueEmail('invitee');
    const invitationId = await inviteToDemoOrganization(email);

    // The invitation URL of spec §7 leads a visitor without a session to the sign-up screen.
    await open(page, `/invitations/${invitationId}?page=sign-up`);
    await waitForPath(page, `/sign-up?invitation=${invitationId}&page=sign-up`);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('invitee-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await expectToast(page, 'アカウントを登録しました');

    // After sign-up the public group sends the new account back to the invitation.
    await waitForPath(page, `/invitations/${invitationId}`);
    await page.getByRole('heading', { name: 'デモ組織' }).waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-invitation.png' });
    await page.getByRole('button', { name: '招待を承諾' }).click();
    await expectToast(page, '招待を承諾しました');
    await waitForPath(page, '/projects');
    await page.getByTestId('project-list').getByRole('link', { name: '準備中プロジェクト' }).waitFor();

    // An accepted invitation is no longer valid.
    await open(page, `/invitations/${invitationId}`);
    await page.getByRole('heading', { name: '招待が無効です' }).waitFor();
  });

  it('shows 招待が無効です for an invitation that does not exist', async () => {
    const { page } = session;
    const email = uniqueEmail('nobody');
    await open(page, '/sign-up');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('nobody-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await waitForPath(page, '/projects');
    await open(page, '/invitations/abcdefghij0123456789A');
    await page.getByRole('heading', { name: '招待が無効です' }).waitFor();
    await page.getByRole('link', { name: 'ログイン画面へ' }).waitFor();
  });
});
