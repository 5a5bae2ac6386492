import { signWebhook } from '@console/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  type Caller,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-example-key-0123456789';
/** The secret of the console's webhook endpoint at the example (its view of who may open a project is then kept by events). */
const WEBHOOK_SECRET = `whsec_${Buffer.from('knowledge-example-webhook-key-01').toString('base64')}`;
const EXAMPLE = join(__dirname, '..', '..', '..', 'tools', 'knowledge-example.mjs');
const WEBHOOK_PATH = '/knowledge/webhooks/console';

/** Runs tools/knowledge-example.mjs in its own Node process (it is an ES module) and returns its origin. */
async function startExample(
  apiUrl: string,
  cookieName: string,
  subsystemKey = KNOWLEDGE_KEY,
  webhookSecret?: string,
): Promise<{ url: string; process: ChildProcess }> {
  const script = `const { startKnowledgeExample } = await import(${JSON.stringify(EXAMPLE)});
const example = await startKnowledgeExample(${JSON.stringify({ port: 0, apiUrl, subsystemKey, cookieName, webhookSecret })});
process.stdout.write(example.url + '\\n');
process.on('SIGTERM', () => example.stop().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.once('exit', (code) => reject(new Error(`example exited with ${code}`)));
  });
  return { url, process: child };
}

describe('the example knowledge product', () => {
  let api: TestApi;
  let example: { url: string; process: ChildProcess };
  let org: OrganizationWithProjectsFixture;
  let user: Caller;
  let cookie: string;

  beforeAll(async () => {
    api = await startApi({ SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`, MAIL_WORKER_ENABLED: 'false' });
    example = await startExample(api.baseUrl, api.config.deployment.sessionCookieName);
    org = await createOrganizationWithProjects(api, 'ナレッジ組織', 2, { knowledge: { plan: 'enterprise' } });
    user = await createCaller(api);
    await addOrganizationMember(api, user.id, org, 'member');
    await addProjectMember(api, user.id, org.projects[1]!, 'member');
    const login = await call(api, '/session/login', undefined, user.token);
    const match = new RegExp(`${api.config.deployment.sessionCookieName}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '');
    cookie = `${api.config.deployment.sessionCookieName}=${match?.[1] ?? ''}`;
  });
  afterAll(async () => {
    example.process.kill('SIGTERM');
    await api.close();
  });

  async function open(path: string, headers: Record<string, string> = { cookie }): Promise<{ status: number; html: string }> {
    const response = await fetch(`${example.url}${path}`, { headers });
    return { status: response.status, html: await response.text() };
  }

  it('shows who is signed in and the project asked for', async () => {
    const page = await open(`/knowledge/?projectId=${org.projects[0]!.project.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(user.user.email);
    expect(page.html).toContain(`ナレッジ組織 プロジェクト1（${org.projects[0]!.project.id}）`);
    expect(page.html).toContain('利用中');
  });

  it("falls back to the account's latest project", async () => {
    const page = await open('/knowledge/');
    expect(page.status).toBe(200);
    expect(page.html).toContain(org.projects[1]!.project.id);
    expect(page.html).toContain('console.latestProjectId');
  });

  it('asks to sign in without a valid session cookie, and refuses a project the account may not view', async () => {
    expect((await open('/knowledge/', {})).html).toContain('ログインしていません');
    const invalid = await open('/knowledge/', { cookie: `${api.config.deployment.sessionCookieName}=forged` });
    expect(invalid.status).toBe(401);
    expect(invalid.html).toContain('セッションが無効です');
    const elsewhere = await createOrganizationWithProjects(api, '別組織', 1);
    const refused = await open(`/knowledge/?projectId=${elsewhere.projects[0]!.project.id}`);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('権限がありません');
  });

  it('accepts a webhook delivery signed with the endpoint secret once, and refuses a forged, an old or a replayed one', async () => {
    // With a credential that may read memberships, the example keeps its view of who may open a project.
    const admin = await createSystemAdmin(api);
    const created = await call<{ secret: string }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: 'ナレッジ例', product: 'knowledge', scopes: ['session:introspect', 'memberships:read', 'events:receive'] },
      admin.token,
    );
    const viewing = await startExample(api.baseUrl, api.config.deployment.sessionCookieName, created.body.secret, WEBHOOK_SECRET);
    try {
      await checkDeliveries(viewing.url);
    } finally {
      viewing.process.kill('SIGTERM');
    }
  });

  async function checkDeliveries(url: string): Promise<void> {
    const deliver = (body: string, headers: Record<string, string>) =>
      fetch(`${url}${WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then((r) => r.status);
    const id = 'evt_knowledgeExample01';
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id,
      type: 'membership.removed',
      timestamp: new Date().toISOString(),
      data: { organizationId: org.organization.id, projectId: null, accountId: user.id },
    });
    const signed = (timestamp: number, secret = WEBHOOK_SECRET) => ({
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${signWebhook(secret, id, timestamp, body)}`,
    });
    expect(await deliver(body, signed(now, `whsec_${Buffer.from('another-key').toString('base64')}`))).toBe(400);
    expect(await deliver(body, signed(now - 600))).toBe(400);
    expect(await deliver(body, signed(now))).toBe(204);
    expect(await deliver(body, signed(now))).toBe(400);
    // Its view asks the console, which still has the member (the event was made up): the page opens.
    const page = await fetch(`${url}/knowledge/?projectId=${org.projects[1]!.project.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
  }
});
