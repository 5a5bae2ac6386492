import { i18n } from '@/lib/i18n';

/** An account's name, or 未設定 when it has none (docs/product-rules.md#screens). */
export function displayName(account: { name: string | null }): string {
  return account.name && account.name.trim() !== '' ? account.name : i18n.t('memberTable.notSet');
}
