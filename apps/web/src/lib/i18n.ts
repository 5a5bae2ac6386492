import { DEFAULT_LOCALE, isErrorCode, isLocale, LOCALES, type Locale } from '@console/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ja, type Messages } from '@/locales/ja';
import { getStoredLanguage, setStoredLanguage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ja };
  }
}

/**
 * The console's i18next instance: Japanese by default and the fallback of every missing text.
 * Components read texts with `useTranslation()`; other code calls `i18n.t(...)` when it runs
 * (never at module load, so a language change reaches it).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: { ja: { translation: ja } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

// <html lang> follows the language (screen readers, fonts, the browser's own controls).
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** The catalogues outside the main bundle, loaded when their language is chosen. */
const LAZY_CATALOGUES: Readonly<Record<Exclude<Locale, 'ja'>, () => Promise<Messages>>> = {
  en: async () => (await import('@/locales/en')).en,
};

/** The language the console shows now. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Shows the console in `locale` (loading its catalogue first) and remembers it on this browser. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (locale !== 'ja' && !i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await LAZY_CATALOGUES[locale]());
  }
  await i18n.changeLanguage(locale);
  setStoredLanguage(locale);
}

/**
 * The message of an API error as the console shows it: the catalogue's text of its code in the
 * language shown when the API sent that code's text (in a language loaded here); else the API's own.
 */
export function errorMessageShown(errorCode: string, message: string): string {
  if (!isErrorCode(errorCode)) return message;
  const sentCatalogueText = LOCALES.some(
    (locale) => i18n.hasResourceBundle(locale, 'translation') && i18n.t(`errors.${errorCode}`, { lng: locale }) === message,
  );
  return sentCatalogueText ? i18n.t(`errors.${errorCode}`) : message;
}

/** A date and time written in the language the console shows (Intl). */
export function formatDateTime(date: Date, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(currentLocale(), options).format(date);
}

/** A language picked in a switcher that the signed-in account does not hold yet. */
let unsavedChoice: Locale | undefined;

/**
 * The visitor picks a language (a switcher): it is shown and remembered on this browser, and the
 * signed-in account (now or after signing in) takes it — see {@link unsavedLocaleChoice}.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  unsavedChoice = locale;
  await changeLocale(locale);
}

/** The language picked since the account last took one (undefined when none). */
export function unsavedLocaleChoice(): Locale | undefined {
  return unsavedChoice;
}

/** The account holds the picked language now. */
export function markLocaleChoiceSaved(): void {
  unsavedChoice = undefined;
}

/** Settles once the language chosen on this browser is shown; the app renders after it. */
export const i18nReady: Promise<void> = changeLocale(getStoredLanguage() ?? DEFAULT_LOCALE).catch((error: unknown) => {
  // The catalogue could not load (network): the console stays in Japanese.
  console.error(error);
});
