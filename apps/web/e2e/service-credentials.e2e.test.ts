/**
 * Service credentials in the browser (docs/integration.md#credentials-and-scopes): a system
 * administrator creates one with the keyboard, sees and copies its secret once, issues a new
 * secret, revokes the old one and then the credential, each after a confirmation.
 */
import type { Page } from 'playwright-core';
import { expectDialogTrapsAndReturnsFocus, expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, loginThroughUi, open, setUpBrowserSessions, waitForPath } from './support/browser';
import { uniqueSuffix } from './support/settings-fixtures';
import { api, rootIdToken, stack } from './support/stack';

const { session } = setUpBrowserSessions();
const NAME = `ナレッジ連携${uniqueSuffix()}`;

interface ListedCredential {
  name: string;
  state: string;
  secrets: { prefix: string; active: boolean }[];
}

async function listed(): Promise<ListedCredential | undefined> {
  return (await api<ListedCredential[]>('/systemAdmin/serviceCredential/list', await rootIdToken())).find((c) => c.name === NAME);
}

/** The secret the dialog shows, after copying it with the copy button; the dialog is closed. */
async function copyShownSecret(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `${NAME}のシークレット` });
  await dialog.getByText('このシークレットは今しか表示されません').waitFor();
  const secret = await dialog.getByTestId('issued-secret').innerText();
  await dialog.getByRole('button', { name: 'コピー' }).click();
  await dialog.getByRole('button', { name: 'コピーしました' }).waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
  await expectNoSeriousA11yViolations(page, 'service credential secret dialog');
  await dialog.getByRole('button', { name: '保管しました' }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
  return secret;
}

describe('service credentials', () => {
  it('a system admin creates a credential with the keyboard, copies its secret once, rotates it and revokes', async () => {
    const { page, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
    await loginThroughUi(page, stack.root.email, stack.root.password);
    await open(page, '/system-admin');
    await page.getByRole('tab', { name: 'サービス認証情報' }).click();
    await waitForPath(page, '/system-admin/service-credentials');
    await page.getByRole('table', { name: 'サービス認証情報' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'service credentials');

    // Created with the keyboard: name, product, scopes (session:introspect is checked already).
    const create = page.getByRole('button', { name: '認証情報を作成' });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '認証情報を作成' });
    await expectDialogTrapsAndReturnsFocus(page, dialog, create);
    await create.press('Enter');
    const name = dialog.getByRole('textbox', { name: '名前' });
    await name.focus();
    await page.keyboard.type(NAME);
    await expect(name.inputValue()).resolves.toBe(NAME);
    const scope = dialog.getByRole('checkbox', { name: 'memberships:read' });
    await scope.focus();
    await page.keyboard.press('Space');
    await expect(scope.isChecked()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'service credential creation');
    await dialog.getByRole('button', { name: '作成する' }).focus();
    await page.keyboard.press('Enter');
    const first = await copyShownSecret(page);
    expect(first).toMatch(/^csk_[0-9A-Za-z]{12}_[A-Za-z0-9_-]{43}$/);

    // The list shows the secret by its prefix only.
    const row = page.locator(`[data-testid="service-credential-row"][data-name="${NAME}"]`);
    await row.waitFor();
    await expect(row.innerText()).resolves.not.toContain(first);
    await expect(row.getByText('未使用').isVisible()).resolves.toBe(true);
    expect(await listed()).toMatchObject({ state: 'active', secrets: [{ active: true }] });

    // A new secret, shown once; both are active until the old one is revoked.
    await row.getByRole('button', { name: `再発行: ${NAME}` }).press('Enter');
    const second = await copyShownSecret(page);
    expect(second).not.toBe(first);
    await expect(row.locator('[data-testid="service-secret"][data-active="true"]').count()).resolves.toBe(2);

    const oldPrefix = first.split('_').slice(0, 2).join('_');
    await row.getByRole('button', { name: `シークレットを取り消す: ${oldPrefix}` }).press('Enter');
    const confirmSecret = page.getByRole('dialog', { name: 'シークレットを取り消す' });
    await confirmSecret.getByText(`${NAME}のシークレット${oldPrefix}を取り消しますか？`, { exact: false }).waitFor();
    await confirmSecret.getByRole('button', { name: '取り消す' }).click();
    await expectToast(page, 'シークレットを取り消しました');
    await confirmSecret.waitFor({ state: 'detached' });
    await expect(row.locator('[data-testid="service-secret"][data-active="true"]').count()).resolves.toBe(1);

    await row.getByRole('button', { name: `認証情報を取り消す: ${NAME}` }).press('Enter');
    const confirmCredential = page.getByRole('dialog', { name: '認証情報を取り消す' });
    await confirmCredential.getByRole('button', { name: '取り消す' }).click();
    await expectToast(page, '認証情報を取り消しました');
    await confirmCredential.waitFor({ state: 'detached' });
    await row.getByText('取消済み').waitFor();
    expect(await listed()).toMatchObject({ state: 'revoked', secrets: [{ active: false }, { active: false }] });
    await expectNoSeriousA11yViolations(page, 'service credentials after revocation');
  });
});
