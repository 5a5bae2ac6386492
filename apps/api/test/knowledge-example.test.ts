import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  type Caller,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-example-key-0123456789';
const EXAMPLE = join(__dirname, '..', '..', '..', 'tools', 'knowledge-example.mjs');

/** Runs tools/knowledge-example.mjs in its own Node process (it is an ES module) and returns its origin. */
async function startExample(apiUrl: string, cookieName: string): Promise<{ url: string; process: ChildProcess }> {
  const script = `const { startKnowledgeExample } = await import(${JSON.stringify(EXAMPLE)});
const example = await startKnowledgeExample(${JSON.stringify({ port: 0, apiUrl, subsystemKey: KNOWLEDGE_KEY, cookieName })});
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
});
