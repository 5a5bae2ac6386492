import { useEffect } from 'react';
import { changeLocale, currentLocale, markLocaleChoiceSaved, unsavedLocaleChoice, useTranslation } from '@/lib/i18n';
import type { Account } from './api/get-account';
import { useUpdateAccount } from './api/update-account';

/**
 * Keeps the signed-in account and the language shown in step: a language picked in a switcher
 * (before signing in or in the account menu) is saved on the account; otherwise, at sign-in, the
 * account's language replaces the one of this browser.
 */
export function useAccountLocale(account: Account | null): void {
  const { language: shown } = useTranslation();
  const { mutate } = useUpdateAccount();
  const saved = account?.locale;
  useEffect(() => {
    if (saved === undefined) return;
    const choice = unsavedLocaleChoice();
    if (choice === undefined) {
      if (saved !== currentLocale()) void changeLocale(saved);
    } else if (choice === saved) markLocaleChoiceSaved();
    else mutate({ locale: choice }, { onSuccess: markLocaleChoiceSaved });
  }, [saved, shown, mutate]);
}
