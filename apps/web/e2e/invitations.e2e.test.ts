import { expectToast, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { api, rootIdToken, seedOrganization, suffix, uniqueEmail, type SeededOrganization } from './support/stack';

const ORGANIZATION_NAME = `招待テスト組織-${suffix()}`;
const PROJECT_NAME = `招待テストプロジェクト-${suffix()}`;
let organization: SeededOrganization;

/** The root system administrator invites `email` to this suite's organization and its project, over HTTP. */
async function inviteToOrganization(email: string): Promise<string> {
  const token = await rootIdToken();
  const project = organization.projects[0];
  const organizationRole = organization.roles.find((r) => r.key === 'member');
  const projectRole = project?.roles.find((r) => r.key === 'member');
  if (!project || !organizationRole || !projectRole) throw new Error('roles not found');
  const entries = await api<{ email: string; invitation: { id: string } | null }[]>('/organization/inviteMembers', token, {
    organizationId: organization.id,
    emails: [email],
    props: { roleId: organizationRole.id, projects: [{ projectId: project.id, roleId: projectRole.id }] },
  });
  const id = entries[0]?.invitation?.id;
  if (!id) throw new Error(`the invitation was not created: ${JSON.stringify(entries)}`);
  return id;
}

const { session } = setUpBrowserSessions();

beforeAll(async () => {
  organization = await seedOrganization(ORGANIZATION_NAME, [{ name: PROJECT_NAME }]);
});

describe('invitations', () => {
  it('an invited person signs up from the invitation link, accepts and sees the organization', async () => {
    const { page } = session();
    const email = uniqueEmail('invitee');
    const invitationId = await inviteToOrganization(email);

    // The invitation URL (docs/product-rules.md#invitations) leads a visitor without a session to the sign-up screen.
    await open(page, `/invitations/${invitationId}?page=sign-up`);
    await waitForPath(page, `/sign-up?invitation=${invitationId}&page=sign-up`);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('invitee-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await expectToast(page, 'アカウントを登録しました');

    // After sign-up the public group sends the new account back to the invitation.
    await waitForPath(page, `/invitations/${invitationId}`);
    await page.getByRole('heading', { name: ORGANIZATION_NAME }).waitFor();
    await page.screenshot({ path: '/tmp/console-e2e-invitation.png' });
    await page.getByRole('button', { name: '招待を承諾' }).click();
    await expectToast(page, '招待を承諾しました');
    await waitForPath(page, '/projects');
    await page.getByTestId('project-list').getByRole('link', { name: PROJECT_NAME }).waitFor();

    // An accepted invitation is no longer valid.
    await open(page, `/invitations/${invitationId}`);
    await page.getByRole('heading', { name: '招待が無効です' }).waitFor();
  });

  it('shows 招待が無効です for an invitation that does not exist', async () => {
    const { page } = session();
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
