/**
 * The Japanese catalogue as loaded so far: lib/i18n.ts puts the first page's texts (./ja.ts) in,
 * and each module of ./ja/ adds the texts of its screens as it loads (addJapaneseTexts). It imports
 * nothing, so those modules and the catalogue's types can name each other without a cycle.
 */
export const japaneseTexts: Record<string, unknown> = {};

/** Adds the Japanese texts of screens loaded on demand: the modules of ./ja/ call it as they load. */
export function addJapaneseTexts(texts: Readonly<Record<string, unknown>>): void {
  Object.assign(japaneseTexts, texts);
}
