import { t } from '@/locales';

/** An account's name, or 未設定 when it has none (spec §2). */
export function displayName(account: { name: string | null }): string {
  return account.name && account.name.trim() !== '' ? account.name : t.memberTable.notSet;
}
