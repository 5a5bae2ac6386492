/**
 * The languages of the console. Japanese is the default: of an account that chose none, of a
 * request that asks for none, and of the sibling products that share the API.
 */

export const LOCALES = ['ja', 'en'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'ja';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The other language of the console (a bilingual text shows it second). */
export function otherLocale(locale: Locale): Locale {
  return locale === 'ja' ? 'en' : 'ja';
}

/**
 * The locale an `Accept-Language` header asks for: of its language ranges, by falling quality
 * (ties in header order), the first whose primary subtag is a locale of the console ('en-US' → en);
 * {@link DEFAULT_LOCALE} when none is, or when the header is absent or malformed.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (header === undefined) return DEFAULT_LOCALE;
  const ranges = header.split(',').flatMap((part, index) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => /^q=/i.test(p));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality) || quality <= 0) return [];
    return [{ language: range.split('-')[0]?.toLowerCase() ?? '', quality, index }];
  });
  ranges.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((r) => r.language).find(isLocale) ?? DEFAULT_LOCALE;
}
