import { DEFAULT_LOCALE, isErrorCode, isLocale, LOCALES, type Locale } from '@console/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { ja, type JapaneseTexts, type Messages } from '@/locales/ja';
import { japaneseTexts } from '@/locales/loaded';
import { getStoredLanguage, setStoredLanguage } from './storage';

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** Every text of a catalogue as [dotted key, text]; a plural's key without its form (`memberTable.count`). */
type Entries<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? [`${Prefix}${K extends `${infer Base}_${PluralForm}` ? Base : K}`, T[K]] : Entries<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type Entry = Entries<JapaneseTexts>;
/** The key of every text of the catalogues. */
type MessageKey = Entry[0];
/** The names of the variables a text interpolates: '{{count, number}}人' → 'count'. */
type VariableNames<Text> = Text extends `${string}{{${infer Variable}}}${infer Rest}`
  ? (Variable extends `${infer Name},${string}` ? Name : Variable) | VariableNames<Rest>
  : never;
type Variables<K extends MessageKey> = { readonly [Name in VariableNames<Extract<Entry, [K, string]>[1]>]: string | number };
/** A text's variables (each required), `count` choosing a plural's form, `lng` another language than the one shown. */
type TranslateOptions<K extends MessageKey> = Variables<K> & { readonly count?: number; readonly lng?: Locale };
/** The options argument: required when the text has variables. */
type TranslateRest<K extends MessageKey> = keyof Variables<K> extends never ? [options?: TranslateOptions<K>] : [options: TranslateOptions<K>];
export type Translate = <K extends MessageKey>(key: K, ...rest: TranslateRest<K>) => string;

/**
 * The catalogues loaded so far. Japanese is always there (the first page's texts, then those of
 * each screen loaded on demand: locales/loaded.ts) and the fallback of every missing text.
 */
const catalogues: Partial<Record<Locale, object>> = { ja: Object.assign(japaneseTexts, ja) };
let shown: Locale = DEFAULT_LOCALE;
const languageListeners = new Set<(locale: Locale) => void>();

/** The text at a dotted key of a catalogue, if it has one. */
function lookup(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` becomes the variable's value, `{{name, number}}` the number written in the language (Intl); an unknown variable stays. */
function interpolate(text: string, values: Readonly<Record<string, unknown>>, locale: Locale): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (placeholder, name: string, format: string | undefined) => {
    const value = values[name];
    if (typeof value === 'number') return format === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value);
    return typeof value === 'string' ? value : placeholder;
  });
}

/**
 * The text of `key` in the language shown (or `options.lng`), else in Japanese, its variables
 * filled in; with `count`, the plural form the language's rules pick (Intl.PluralRules), else
 * `_other`. A key without a text gives itself.
 */
function translate(key: string, options: Readonly<Record<string, unknown>> & { readonly count?: number; readonly lng?: Locale } = {}): string {
  const locale = options.lng ?? shown;
  for (const from of locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]) {
    const catalogue = catalogues[from];
    if (!catalogue) continue;
    const plural =
      options.count === undefined
        ? undefined
        : (lookup(catalogue, `${key}_${new Intl.PluralRules(from).select(options.count)}`) ?? lookup(catalogue, `${key}_other`));
    const text = plural ?? lookup(catalogue, key);
    if (text !== undefined) return interpolate(text, options, from);
  }
  return key;
}

/**
 * The console's texts (src/locales): Japanese by default and the fallback of every missing text.
 * Components read texts with `useTranslation()`; other code calls `i18n.t(...)` when it runs
 * (never at module load, so a language change reaches it).
 */
export const i18n: { readonly t: Translate; readonly language: Locale } = {
  t: translate,
  get language() {
    return shown;
  },
};

/** Calls `listener` with the language each time the console changes it. Returns the function that stops. */
export function onLanguageChanged(listener: (locale: Locale) => void): () => void {
  languageListeners.add(listener);
  return () => {
    languageListeners.delete(listener);
  };
}

// <html lang> follows the language (screen readers, fonts, the browser's own controls).
onLanguageChanged((locale) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
});

/** The texts in the language shown, for a component: it renders again when the language changes. */
export function useTranslation(): { t: Translate; language: Locale } {
  const language = useSyncExternalStore(onLanguageChanged, () => shown);
  const t: Translate = useMemo(() => (key: string, options?: Readonly<Record<string, unknown>>) => translate(key, { lng: language, ...options }), [language]);
  return { t, language };
}

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
  if (locale !== 'ja') catalogues[locale] ??= await LAZY_CATALOGUES[locale]();
  if (locale !== shown) {
    shown = locale;
    for (const listener of languageListeners) listener(locale);
  }
  setStoredLanguage(locale);
}

/**
 * The message of an API error as the console shows it: the catalogue's text of its code in the
 * language shown when the API sent that code's text (in a language loaded here); else the API's own.
 */
export function errorMessageShown(errorCode: string, message: string): string {
  if (!isErrorCode(errorCode)) return message;
  const sentCatalogueText = LOCALES.some((locale) => catalogues[locale] !== undefined && i18n.t(`errors.${errorCode}`, { lng: locale }) === message);
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
