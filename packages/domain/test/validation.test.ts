import { NAME_MAX_LENGTH } from '../src/limits';
import fc from 'fast-check';
import { DomainError } from '../src/errors';
import {
  SUPPORTED_IMAGE_TYPES,
  emailsEqual,
  isCompanyEmail,
  isNonEmptyName,
  isSupportedImageType,
  isValidEmail,
  isValidName,
  isValidPassword,
  normalizeEmail,
  uniqueEmails,
  validateName,
} from '../src/validation';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? e.errorCode : 'not a DomainError';
  }
  return undefined;
}

const WHITESPACE = [' ', '\t', '\n', '\r', '\u3000', '\u00a0'];
/** Any non-whitespace printable ASCII character. */
const nonSpaceChar = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
const nonSpace = fc.string({ unit: nonSpaceChar, minLength: 1, maxLength: 12 });

describe('isValidEmail', () => {
  it.each([
    ['user@example.com', true],
    ['a@b.c', true],
    ['first.last+tag@sub.example.co.jp', true],
    ['ユーザー@例え.jp', true],
    ['a@b@c.d', true], // the spec's rule only asks for non-space runs around '@' and '.'
    ['', false],
    ['user', false],
    ['user@example', false],
    ['@example.com', false],
    ['user@.com', false],
    ['user@example.', false],
    ['user example@example.com', false],
    [' user@example.com', false],
    ['user@example.com ', false],
    ['user@exa\tmple.com', false],
    ['user@example\u3000.com', false],
  ])('%p → %p', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(123)).toBe(false);
  });

  it('property: local@domain.tld made of non-space runs is accepted', () => {
    fc.assert(
      fc.property(nonSpace, nonSpace, nonSpace, (local, domain, tld) => {
        expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
      }),
    );
  });

  it('property: inserting any whitespace anywhere makes it invalid', () => {
    fc.assert(
      fc.property(nonSpace, nonSpace, nonSpace, fc.constantFrom(...WHITESPACE), fc.nat(), (l, d, t, ws, pos) => {
        const email = `${l}@${d}.${t}`;
        const at = pos % (email.length + 1);
        expect(isValidEmail(email.slice(0, at) + ws + email.slice(at))).toBe(false);
      }),
    );
  });

  it('property: strings without @ or without a dot are rejected', () => {
    const noAt = fc.string({ unit: nonSpaceChar.filter((c) => c !== '@'), maxLength: 30 });
    const noDot = fc.string({ unit: nonSpaceChar.filter((c) => c !== '.'), maxLength: 30 });
    fc.assert(fc.property(noAt, (s) => expect(isValidEmail(s)).toBe(false)));
    fc.assert(fc.property(noDot, (s) => expect(isValidEmail(s)).toBe(false)));
  });
});

describe('normalizeEmail / emailsEqual / uniqueEmails', () => {
  it('normalizes by trimming and lower-casing', () => {
    expect(normalizeEmail('  User@Example.COM ')).toBe('user@example.com');
  });

  it('compares case-insensitively and ignores surrounding spaces', () => {
    expect(emailsEqual('User@Example.com', 'user@example.COM ')).toBe(true);
    expect(emailsEqual('a@example.com', 'b@example.com')).toBe(false);
    expect(emailsEqual('', '')).toBe(false);
    expect(emailsEqual(undefined, 'a@b.c')).toBe(false);
    expect(emailsEqual('a@b.c', null)).toBe(false);
  });

  it('removes duplicates case-insensitively, drops blanks, keeps the first spelling and order', () => {
    expect(uniqueEmails(['B@x.jp', ' a@x.jp', 'b@X.jp', '', '  ', 'a@x.jp', 'c@x.jp'])).toEqual(['B@x.jp', 'a@x.jp', 'c@x.jp']);
    expect(uniqueEmails([])).toEqual([]);
  });

  it('property: uniqueEmails yields no case-insensitive duplicates and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a@x.jp', 'A@x.jp', 'b@x.jp', ' b@X.JP', '', 'c@y.com')), (emails) => {
        const once = uniqueEmails(emails);
        const keys = once.map((e) => e.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        expect(uniqueEmails(once)).toEqual(once);
      }),
    );
  });
});

/** The characters a password may contain: the printable ASCII range without space (docs/product-rules.md). */
const PASSWORD_ALPHABET = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');

describe('passwords', () => {
  it('accepts every printable ASCII character but space, and nothing shorter than 8', () => {
    for (const c of PASSWORD_ALPHABET) expect(isValidPassword(c.repeat(8))).toBe(true);
    expect(isValidPassword('abcdefg')).toBe(false);
    expect(isValidPassword(' '.repeat(8))).toBe(false);
  });

  it.each([
    ['abcdefgh', true],
    ['Abc123!?', true],
    ['12345678', true],
    ['!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', true],
    ['abcdefg', false],
    ['', false],
    ['abcd efgh', false],
    ['パスワード12345', false],
    ['abcdefgh\n', false],
    ['ａｂｃｄｅｆｇｈ', false],
  ])('%p → %p', (value, expected) => {
    expect(isValidPassword(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    expect(isValidPassword(12345678)).toBe(false);
    expect(isValidPassword(undefined)).toBe(false);
  });

  const allowedChar = fc.constantFrom(...PASSWORD_ALPHABET.split(''));

  it('property: any string of 8+ allowed characters is accepted', () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, minLength: 8, maxLength: 64 }), (pw) => {
        expect(isValidPassword(pw)).toBe(true);
      }),
    );
  });

  it('property: any string shorter than 8 is rejected', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 7 }), (pw) => {
        fc.pre(pw.length < 8);
        expect(isValidPassword(pw)).toBe(false);
      }),
    );
  });

  it('property: one disallowed character anywhere makes it invalid', () => {
    const disallowed = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !PASSWORD_ALPHABET.includes(c));
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, minLength: 8, maxLength: 40 }), disallowed, fc.nat(), (pw, bad, pos) => {
        const at = pos % (pw.length + 1);
        expect(isValidPassword(pw.slice(0, at) + bad + pw.slice(at))).toBe(false);
      }),
    );
  });
});

describe('isCompanyEmail', () => {
  it.each<[unknown, string | null | undefined, boolean]>([
    ['taro@corp.example.jp', 'corp.example.jp', true],
    ['Taro@CORP.Example.JP', 'corp.example.jp', true],
    [' taro@corp.example.jp ', 'corp.example.jp', true],
    ['taro@corp.example.jp', 'CORP.EXAMPLE.JP', true],
    ['taro@corp.example.jp', '@corp.example.jp', true],
    ['a@b@corp.example.jp', 'corp.example.jp', true], // part after the LAST '@'
    ['taro@sub.corp.example.jp', 'corp.example.jp', false],
    ['taro@corp.example.jp.evil.com', 'corp.example.jp', false],
    ['taro@evilcorp.example.jp', 'corp.example.jp', false],
    ['corp.example.jp@gmail.com', 'corp.example.jp', false],
    ['taro@corp.example.jp', '', false],
    ['taro@corp.example.jp', '  ', false],
    ['taro@corp.example.jp', undefined, false],
    ['taro@corp.example.jp', null, false],
    ['@corp.example.jp', 'corp.example.jp', false],
    ['taro corp@corp.example.jp', 'corp.example.jp', false],
    [undefined, 'corp.example.jp', false],
  ])('%p with domain %p → %p', (email, domain, expected) => {
    expect(isCompanyEmail(email, domain)).toBe(expected);
  });
});

describe('names', () => {
  it('NAME_MAX_LENGTH is 100 and the message says so', () => {
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(() => validateName('x'.repeat(101))).toThrow(String(NAME_MAX_LENGTH));
  });

  it.each([
    ['組織A', true, true],
    ['  a  ', true, true],
    ['', false, false],
    ['   ', false, false],
    ['\u3000', false, false],
    ['x'.repeat(100), true, true],
    ['x'.repeat(101), true, false],
    [` ${'x'.repeat(100)} `, true, true],
    ['😀'.repeat(100), true, true], // code points, not UTF-16 units
  ])('%p → nonEmpty %p, valid %p', (value, nonEmpty, valid) => {
    expect(isNonEmptyName(value)).toBe(nonEmpty);
    expect(isValidName(value)).toBe(valid);
  });

  it('rejects non-strings', () => {
    expect(isNonEmptyName(undefined)).toBe(false);
    expect(isValidName(3)).toBe(false);
  });

  it('validateName returns the trimmed name or throws NAME_REQUIRED / NAME_TOO_LONG', () => {
    expect(validateName('  組織A ')).toBe('組織A');
    expect(codeOf(() => validateName('  '))).toBe('NAME_REQUIRED');
    expect(codeOf(() => validateName(null))).toBe('NAME_REQUIRED');
    expect(codeOf(() => validateName('x'.repeat(101)))).toBe('NAME_TOO_LONG');
  });
});

describe('images', () => {
  it('accepts png, jpeg, webp, avif only', () => {
    expect(SUPPORTED_IMAGE_TYPES).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/avif']);
    for (const t of SUPPORTED_IMAGE_TYPES) expect(isSupportedImageType(t)).toBe(true);
    expect(isSupportedImageType('IMAGE/PNG')).toBe(true);
    expect(isSupportedImageType('image/jpeg; charset=binary')).toBe(true);
    expect(isSupportedImageType('image/gif')).toBe(false);
    expect(isSupportedImageType('image/svg+xml')).toBe(false);
    expect(isSupportedImageType('')).toBe(false);
    expect(isSupportedImageType(undefined)).toBe(false);
  });
});
