/**
 * Webhook endpoints in the browser (docs/integration.md#typed-client): a system administrator adds
 * an endpoint with the keyboard and sees its signing secret once, watches the deliveries to a
 * receiver that fails be given up, replays one and then every failed one once the receiver
 * answers, and edits, rotates and deletes the endpoint. The receiver checks every delivery with
 * @console/client's verifyWebhook.
 */
import { verifyWebhook, type ConsoleEvent } from '@console/client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { eventually } from './support/lists';
import { createOrganizationWithProject, uniqueSuffix } from './support/settings-fixtures';
import { api, rootIdToken, stack } from './support/stack';

const { session } = setUpBrowserSessions();
const CREDENTIAL = `Webhook受信${uniqueSuffix()}`;

/** A product's webhook receiver: answers `status`, and keeps the events whose signature it verified. */
const receiver = { status: 503, secret: '', verified: [] as ConsoleEvent[], server: undefined as Server | undefined, url: '' };

beforeAll(async () => {
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.status >= 300) {
        response.writeHead(receiver.status).end('busy');
        return;
      }
      verifyWebhook(Buffer.concat(chunks), request.headers, { secret: receiver.secret })
        .then((event) => {
          receiver.verified.push(event);
          response.writeHead(receiver.status).end();
        })
        .catch(() => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/console`;
  await api('/systemAdmin/serviceCredential/create', await rootIdToken(), { name: CREDENTIAL, product: 'knowledge', scopes: ['events:receive'] });
});
afterAll(() => new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve())));

interface ListedDelivery {
  status: string;
}

async function deliveries(endpointId: string): Promise<ListedDelivery[]> {
  return (await api<{ items: ListedDelivery[] }>('/systemAdmin/webhook/listDeliveries', await rootIdToken(), { endpointId })).items;
}

/** The signing secret the dialog shows; the dialog is closed. */
async function shownSecret(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `${receiver.url}の署名シークレット` });
  await dialog.getByText('このシークレットは今しか表示されません').waitFor();
  const secret = await dialog.getByTestId('issued-secret').innerText();
  await expectNoSeriousA11yViolations(page, 'webhook secret dialog');
  await dialog.getByRole('button', { name: '保管しました' }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
  return secret;
}

describe('webhook endpoints', () => {
  it('a system admin adds an endpoint, sees failed deliveries, replays them, and edits, rotates and deletes the endpoint', async () => {
    const { page } = session();
    await loginThroughUi(page, stack.root.email, stack.root.password);
    await open(page, '/system-admin');
    await page.getByRole('tab', { name: 'Webhook' }).click();
    await waitForPath(page, '/system-admin/webhooks');
    await page.getByRole('table', { name: 'Webhook' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'webhook endpoints');

    // Added with the keyboard: the credential, the URL and one type of event.
    const create = page.getByRole('button', { name: 'エンドポイントを追加' });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'エンドポイントを追加' });
    await expectDialogTrapsAndReturnsFocus(page, dialog, create);
    await create.press('Enter');
    await dialog.getByRole('combobox', { name: 'サービス認証情報' }).selectOption({ label: `${CREDENTIAL} (knowledge)` });
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await url.focus();
    await page.keyboard.type('ftp://');
    await dialog.getByText('http:// または https:// で始まる URL を入力してください').waitFor();
    await url.fill('');
    await page.keyboard.type(receiver.url);
    const eventType = dialog.getByRole('checkbox', { name: 'project.created' });
    await eventType.focus();
    await page.keyboard.press('Space');
    await expect(eventType.isChecked()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'webhook endpoint creation');
    await dialog.getByRole('button', { name: '追加する' }).focus();
    await page.keyboard.press('Enter');
    receiver.secret = await shownSecret(page);
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const row = page.locator(`[data-testid="webhook-endpoint-row"][data-url="${receiver.url}"]`);
    await row.getByText('project.created').waitFor();
    await expect(row.innerText()).resolves.not.toContain(receiver.secret);
    const endpoints = await api<{ items: { id: string; url: string }[] }>('/systemAdmin/webhook/listEndpoints', await rootIdToken(), {});
    const endpointId = endpoints.items.find((endpoint) => endpoint.url === receiver.url)!.id;

    // Two projects created while the receiver answers 503: both deliveries are given up as failed.
    await createOrganizationWithProject(`Webhook組織${uniqueSuffix()}`, `Webhookプロジェクト${uniqueSuffix()}`);
    await createOrganizationWithProject(`Webhook組織${uniqueSuffix()}`, `Webhookプロジェクト${uniqueSuffix()}`);
    await eventually(
      () => deliveries(endpointId),
      (items) => items.length === 2 && items.every((item) => item.status === 'failed'),
      30_000,
    );

    await row.getByRole('button', { name: `配信履歴: ${receiver.url}` }).press('Enter');
    const history = page.getByRole('region', { name: `${receiver.url}への配信` });
    await history.getByRole('combobox', { name: '配信状況で絞り込む' }).selectOption({ label: '失敗' });
    const failedRows = history.locator('[data-testid="webhook-delivery-row"][data-status="failed"]');
    await failedRows.nth(1).waitFor();
    await expect(failedRows.count()).resolves.toBe(2);
    await expect(failedRows.first().innerText()).resolves.toContain('HTTP 503');
    await expectNoSeriousA11yViolations(page, 'webhook deliveries');

    // The receiver answers again: one replayed, then every failed one.
    receiver.status = 204;
    await failedRows
      .first()
      .getByRole('button', { name: /^再送: project\.created evt_/ })
      .press('Enter');
    await expectToast(page, '再送を予約しました');
    await eventually(
      () => deliveries(endpointId),
      (items) => items.filter((item) => item.status === 'succeeded').length === 1,
    );
    await history.getByRole('button', { name: '失敗した配信をすべて再送' }).click();
    await expectToast(page, '1件の再送を予約しました');
    await history.getByRole('combobox', { name: '配信状況で絞り込む' }).selectOption({ label: 'すべて' });
    await eventually(
      () => history.locator('[data-testid="webhook-delivery-row"][data-status="succeeded"]').count(),
      (count) => count === 2,
    );
    expect(receiver.verified.map((event) => event.type)).toEqual(['project.created', 'project.created']);
    expect(receiver.verified.every((event) => event.id.startsWith('evt_'))).toBe(true);

    // Paused through 編集.
    await row.getByRole('button', { name: `${receiver.url}の操作` }).click();
    await page.getByRole('menuitem', { name: '編集' }).click();
    const edit = page.getByRole('dialog', { name: 'エンドポイントを編集' });
    await edit.getByRole('checkbox', { name: '配信する' }).press('Space');
    await expectNoSeriousA11yViolations(page, 'webhook endpoint edit');
    await edit.getByRole('button', { name: '保存する' }).click();
    await expectToast(page, 'エンドポイントを保存しました');
    await row.getByText('停止中').waitFor();

    // A new signing secret, shown once.
    await row.getByRole('button', { name: `${receiver.url}の操作` }).click();
    await page.getByRole('menuitem', { name: 'シークレットを再発行' }).click();
    const rotated = await shownSecret(page);
    expect(rotated).not.toBe(receiver.secret);

    await row.getByRole('button', { name: `${receiver.url}の操作` }).click();
    await page.getByRole('menuitem', { name: '削除' }).click();
    const confirm = page.getByRole('dialog', { name: '削除' });
    await confirm.getByText(`${receiver.url}へのエンドポイントを削除しますか？`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expectToast(page, 'エンドポイントを削除しました');
    await row.waitFor({ state: 'detached' });
    await expect(history.count()).resolves.toBe(0);
  });
});
