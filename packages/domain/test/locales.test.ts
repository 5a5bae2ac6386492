import fc from 'fast-check';
import { DEFAULT_LOCALE, LOCALES, isLocale, localeFromAcceptLanguage, otherLocale } from '../src/locales';

describe('locales', () => {
  it('are Japanese (the default) and English', () => {
    expect(LOCALES).toEqual(['ja', 'en']);
    expect(DEFAULT_LOCALE).toBe('ja');
  });

  it('isLocale accepts the locales only', () => {
    expect(isLocale('ja')).toBe(true);
    expect(isLocale('en')).toBe(true);
    for (const value of ['EN', 'en-US', 'fr', '', null, undefined, 1, ['en']]) expect(isLocale(value)).toBe(false);
  });

  it('otherLocale names the other language', () => {
    expect(otherLocale('ja')).toBe('en');
    expect(otherLocale('en')).toBe('ja');
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each<[string | undefined, 'ja' | 'en']>([
    [undefined, 'ja'],
    ['', 'ja'],
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['fr', 'ja'],
    ['fr-FR,fr;q=0.9', 'ja'],
    ['fr,en;q=0.5', 'en'],
    ['ja;q=0.4,en;q=0.6', 'en'],
    ['en;q=0,ja', 'ja'],
    ['en;q=0', 'ja'],
    ['*', 'ja'],
    ['en;q=abc', 'ja'],
    [' en-us ; q=1 ', 'en'],
  ])('%p → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('answers a locale for any header', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect(LOCALES).toContain(localeFromAcceptLanguage(header));
      }),
    );
  });
});
