/**
 * Second factors (docs/product-rules.md#multi-factor-authentication): the phone number of an SMS
 * factor as the identity provider takes it (E.164), from what a person types.
 */

/** E.164: a plus sign, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * The phone number in E.164, or null when it is none. Spaces, hyphens, dots and parentheses are
 * ignored; a national Japanese number (0 then 9 or 10 digits: 090-1234-5678, 03-1234-5678) becomes
 * +81 without its leading 0; an international number keeps its country code.
 */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().\u2010-\u2015\u30FC]/g, '');
  const number = /^0[1-9]\d{8,9}$/.test(compact) ? `+81${compact.slice(1)}` : compact;
  return E164.test(number) ? number : null;
}
