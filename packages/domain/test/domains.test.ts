import fc from 'fast-check';
import { DomainError, validateAsciiDomain, verificationRecordName, verificationRecordValue, stateAfterCheck } from '../src';

const isValidAsciiDomain = (domain: string): boolean => {
  try {
    validateAsciiDomain(domain);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.errorCode === 'PUBLIC_WEBMAIL_DOMAIN') return true;
    throw error;
  }
};
const isPublicWebmailDomain = (domain: string): boolean => {
  try {
    validateAsciiDomain(domain);
    return false;
  } catch (error) {
    return error instanceof DomainError && error.errorCode === 'PUBLIC_WEBMAIL_DOMAIN';
  }
};
const DOMAIN_MAX_LENGTH = 253;

describe('verified domains (docs/product-rules.md#verified-domains)', () => {
  it.each(['example.jp', 'example.co.jp', 'xn--r8jz45g.jp', 'a-b.example.com', 'x1.io'])('accepts %s', (domain) => {
    expect(isValidAsciiDomain(domain)).toBe(true);
    expect(validateAsciiDomain(domain)).toBe(domain);
  });

  it.each([
    ['', 'empty'],
    ['localhost', 'a single label'],
    ['192.168.0.1', 'an IPv4 address'],
    ['[::1]', 'an IPv6 address'],
    ['-a.example.jp', 'a label starting with a hyphen'],
    ['a-.example.jp', 'a label ending with a hyphen'],
    ['a..jp', 'an empty label'],
    ['_dmarc.example.jp', 'an underscore'],
    ['Example.jp', 'upper case (the API lower-cases first)'],
    [`${'a'.repeat(64)}.jp`, 'a label of 64 characters'],
    [`${'a.'.repeat(127)}jp`, 'more than 253 characters'],
  ])('refuses %s (%s) with INVALID_DOMAIN', (domain) => {
    expect(() => validateAsciiDomain(domain)).toThrow(expect.objectContaining({ errorCode: 'INVALID_DOMAIN' }) as DomainError);
  });

  it('accepts names up to 253 characters', () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(longest).toHaveLength(DOMAIN_MAX_LENGTH);
    expect(isValidAsciiDomain(longest)).toBe(true);
  });

  it.each(['gmail.com', 'yahoo.co.jp', 'docomo.ne.jp', 'i.softbank.jp', 'mail.gmail.com'])('refuses the webmail domain %s', (domain) => {
    expect(isPublicWebmailDomain(domain)).toBe(true);
    expect(() => validateAsciiDomain(domain)).toThrow(expect.objectContaining({ errorCode: 'PUBLIC_WEBMAIL_DOMAIN' }) as DomainError);
  });

  it('does not take a name that merely ends like a webmail domain for one', () => {
    expect(isPublicWebmailDomain('notgmail.com')).toBe(false);
    expect(isPublicWebmailDomain('example.co.jp')).toBe(false);
  });

  it('names the TXT record and its value', () => {
    expect(verificationRecordName('example.jp')).toBe('_console-verification.example.jp');
    expect(verificationRecordValue('abc')).toBe('console-verification=abc');
  });

  it('never accepts a name with characters outside letters, digits, hyphens and dots', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (text) => {
        fc.pre(/[^a-z0-9.-]/.test(text));
        expect(() => validateAsciiDomain(`${text}.jp`)).toThrow(expect.objectContaining({ errorCode: 'INVALID_DOMAIN' }) as DomainError);
      }),
    );
  });
});

describe('stateAfterCheck', () => {
  it('verifies a domain whose record was found, whatever its state', () => {
    for (const state of ['pending', 'verified', 'failed'] as const) expect(stateAfterCheck(state, true, 0, 2)).toBe('verified');
  });

  it('keeps a verified domain until the failures in a row reach the grace', () => {
    expect(stateAfterCheck('verified', false, 1, 2)).toBe('verified');
    expect(stateAfterCheck('verified', false, 2, 2)).toBe('failed');
    expect(stateAfterCheck('verified', false, 1, 1)).toBe('failed');
  });

  it('fails a pending or failed domain at once', () => {
    expect(stateAfterCheck('pending', false, 1, 2)).toBe('failed');
    expect(stateAfterCheck('failed', false, 5, 2)).toBe('failed');
  });
});
