/**
 * Input validation (docs/product-rules.md#validation). The same predicates back the web forms and the API DTO checks.
 * Predicates take `unknown` and return plain booleans so they are safe on untrusted input.
 */
import { DomainError, ErrorCodes } from './errors';
import { NAME_MAX_LENGTH } from './limits';

/** Non-space characters, '@', non-space characters, '.', non-space characters (docs/product-rules.md#validation). */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** Trim and lower-case, for storage and comparison. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Case-insensitive email equality (after trimming); false when either side is missing. */
export function emailsEqual(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const na = normalizeEmail(a);
  return na !== '' && na === normalizeEmail(b);
}

/**
 * Trims, drops empty entries and removes duplicates case-insensitively, keeping the first
 * spelling (invite dialog, docs/product-rules.md#validation).
 */
export function uniqueEmails(emails: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of emails) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (email === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(email);
  }
  return result;
}

const PASSWORD_MIN_LENGTH = 8;
/** The ASCII symbols allowed in passwords: every printable ASCII symbol (no space). */
const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const PASSWORD_LETTERS_AND_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Every character a password may contain. */
const PASSWORD_ALPHABET = PASSWORD_LETTERS_AND_DIGITS + PASSWORD_SYMBOLS;

const PASSWORD_CHARS: ReadonlySet<string> = new Set(PASSWORD_ALPHABET);

/** At least 8 characters, each an ASCII letter, digit or one of {@link PASSWORD_SYMBOLS}. */
export function isValidPassword(value: unknown): boolean {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH) return false;
  for (const ch of value) {
    if (!PASSWORD_CHARS.has(ch)) return false;
  }
  return true;
}

/**
 * True when `email` is a valid address whose domain (the part after the last '@') equals
 * `companyDomain`, case-insensitively. The domain comes from configuration; an empty one matches
 * nothing. A leading '@' in the configured domain is tolerated.
 */
export function isCompanyEmail(email: unknown, companyDomain: string | null | undefined): boolean {
  if (typeof email !== 'string' || typeof companyDomain !== 'string') return false;
  const domain = companyDomain.trim().replace(/^@/, '').toLowerCase();
  if (domain === '') return false;
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized)) return false;
  return normalized.slice(normalized.lastIndexOf('@') + 1) === domain;
}

/** Trimmed non-empty string. */
export function isNonEmptyName(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Length in user-perceived code points (a surrogate pair counts once). */
function codePointLength(s: string): number {
  return Array.from(s).length;
}

/** Non-empty after trimming and at most {@link NAME_MAX_LENGTH} code points. */
export function isValidName(value: unknown): boolean {
  return typeof value === 'string' && isNonEmptyName(value) && codePointLength(value.trim()) <= NAME_MAX_LENGTH;
}

/** Throws NAME_REQUIRED or NAME_TOO_LONG; returns the trimmed name. */
export function validateName(value: unknown): string {
  if (typeof value !== 'string' || !isNonEmptyName(value)) throw new DomainError(ErrorCodes.NAME_REQUIRED);
  const name = value.trim();
  if (codePointLength(name) > NAME_MAX_LENGTH) throw new DomainError(ErrorCodes.NAME_TOO_LONG);
  return name;
}

/** Image types accepted for avatars (docs/product-rules.md#validation). */
export const SUPPORTED_IMAGE_TYPES = /* @__PURE__ */ Object.freeze(['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const);
export type SupportedImageType = (typeof SUPPORTED_IMAGE_TYPES)[number];

export function isSupportedImageType(mimeType: unknown): mimeType is SupportedImageType {
  if (typeof mimeType !== 'string') return false;
  const base = mimeType
    .replace(/;[\s\S]*$/, '')
    .trim()
    .toLowerCase();
  return (SUPPORTED_IMAGE_TYPES as readonly string[]).includes(base);
}
