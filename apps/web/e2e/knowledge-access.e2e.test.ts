/**
 * The example knowledge product on @console/client (tools/knowledge-example.mjs): it keeps its own
 * view of who may open a project, which the console's change events keep up to date. An
 * administrator removes a member in the console's UI; that member's knowledge page refuses them
 * within 5 seconds (its answers about the session are reused for 10, so the event is what counts).
 */
import { DEPLOYMENTS } from '@console/config';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import { expectToast, loginThroughUi, loginWithSessionCookie, newSession, open, setUpBrowserSessions } from './support/browser';
import { createOrganizationWithProject, seedMember, uniqueSuffix, type Fixture } from './support/settings-fixtures';
import { api, rootIdToken, stack, type SeededAccount } from './support/stack';

const { browser, session } = setUpBrowserSessions();
const EXAMPLE = join(__dirname, '..', '..', '..', 'tools', 'knowledge-example.mjs');
const REFUSED_WITHIN_MS = 5000;

let fixture: Fixture;
let member: SeededAccount;
let endpointId: string;
let credentialId: string;
let example: { origin: string; process: ChildProcessByStdio<null, Readable, null> };

/** A free port on loopback (the console's webhook endpoint is set up before the example listens there). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const token = await rootIdToken();
  fixture = await createOrganizationWithProject(`ナレッジ連携組織${uniqueSuffix()}`, `ナレッジ連携プロジェクト${uniqueSuffix()}`);
  await api('/project/update', token, { projectId: fixture.project.id, updateProps: { productSettings: { knowledge: { plan: 'enterprise' } } } });
  member = await seedMember(fixture, 'member', 'member', 'knowledge-member');

  const credential = await api<{ credential: { id: string }; secret: string }>('/systemAdmin/serviceCredential/create', token, {
    name: `ナレッジ${uniqueSuffix()}`,
    product: 'knowledge',
    scopes: ['session:introspect', 'memberships:read', 'events:receive'],
  });
  credentialId = credential.credential.id;
  const port = await freePort();
  const endpoint = await api<{ endpoint: { id: string }; secret: string }>('/systemAdmin/webhook/createEndpoint', token, {
    credentialId,
    url: `http://127.0.0.1:${port}/knowledge/webhooks/console`,
    eventTypes: [],
  });
  endpointId = endpoint.endpoint.id;

  const child = spawn(process.execPath, [EXAMPLE], {
    env: {
      ...process.env,
      KNOWLEDGE_PORT: String(port),
      KNOWLEDGE_API_URL: stack.apiUrl,
      KNOWLEDGE_SECRET: credential.secret,
      KNOWLEDGE_COOKIE_NAME: DEPLOYMENTS.test.sessionCookieName,
      KNOWLEDGE_WEBHOOK_SECRET: endpoint.secret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the knowledge example exited with ${code}`)));
  });
  // The console's session cookie is host-only on localhost: the example is opened there too (cookies ignore ports).
  example = { origin: `http://localhost:${port}`, process: child };
});

afterAll(async () => {
  example?.process.kill('SIGTERM');
  const token = await rootIdToken();
  if (endpointId) await api('/systemAdmin/webhook/deleteEndpoint', token, { endpointId });
  if (credentialId) await api('/systemAdmin/serviceCredential/revoke', token, { credentialId });
});

/** Opens the member's knowledge page of the project; its HTTP status. */
async function openKnowledge(page: Page): Promise<number> {
  const response = await page.goto(`${example.origin}/knowledge/?projectId=${fixture.project.id}`);
  return response?.status() ?? 0;
}

describe('the example knowledge product', () => {
  it('refuses a member removed in the console within 5 s', async () => {
    const memberSession = await newSession(browser());
    try {
      await loginWithSessionCookie(memberSession.page, member.email, member.password);
      // A page of its own: the console's tab may still be moving to the member's latest project.
      const memberPage = await memberSession.context.newPage();
      await expect(openKnowledge(memberPage)).resolves.toBe(200);
      await memberPage.getByText(`${fixture.project.name}（${fixture.project.id}）`).waitFor();

      const { page } = session();
      await loginThroughUi(page, stack.root.email, stack.root.password);
      await open(page, `/organizations/${fixture.organization.id}/settings/members`);
      await page.getByRole('button', { name: `${member.email}の操作` }).click();
      await page
        .getByRole('menu', { name: `${member.email}の操作` })
        .getByRole('menuitem', { name: 'メンバーを削除' })
        .click();
      const confirm = page.getByRole('dialog', { name: 'メンバーを削除' }).getByRole('button', { name: '削除する' });
      await confirm.waitFor();
      // Just before the removal the page opens (its session answer is fresh in the example's cache).
      await expect(openKnowledge(memberPage)).resolves.toBe(200);
      await confirm.click();
      await expectToast(page, 'メンバーを削除しました');
      const removedAt = Date.now();

      let status = await openKnowledge(memberPage);
      while (status === 200 && Date.now() - removedAt < REFUSED_WITHIN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await openKnowledge(memberPage);
      }
      const refusedAfterMs = Date.now() - removedAt;
      expect(status).toBe(403);
      expect(refusedAfterMs).toBeLessThan(REFUSED_WITHIN_MS);
      await memberPage.getByText('権限がありません').first().waitFor();
      console.log(`the knowledge page refused the removed member ${refusedAfterMs} ms after the console confirmed the removal`);

      const deliveries = await api<{ items: { eventType: string; status: string }[] }>('/systemAdmin/webhook/listDeliveries', await rootIdToken(), {
        endpointId,
      });
      expect(deliveries.items).toContainEqual(expect.objectContaining({ eventType: 'membership.removed', status: 'succeeded' }));
    } finally {
      await memberSession.context.close();
    }
  });
});
