/**
 * Verified domains of an organization (docs/product-rules.md#verified-domains): which names may be
 * added, the DNS record that proves an organization controls one, and the outcomes of a check.
 * The API turns what people type into the ASCII (punycode) form before these rules see it.
 */
import { DomainError } from './errors';

/** The states of an organization's domain. */
export const DOMAIN_STATES = ['pending', 'verified', 'failed'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/**
 * Why a DNS check did not verify a domain: the name of the record does not exist (NXDOMAIN), it has
 * no TXT record, none of its TXT records is the organization's, the resolver did not answer in
 * time, the domain's DNS servers failed (SERVFAIL), or any other DNS error.
 */
export const DOMAIN_CHECK_FAILURES = ['NXDOMAIN', 'NO_TXT_RECORD', 'WRONG_TOKEN', 'TIMEOUT', 'SERVFAIL', 'DNS_ERROR'] as const;
export type DomainCheckFailure = (typeof DOMAIN_CHECK_FAILURES)[number];

/** Who verified a domain: a DNS check, or a system administrator by hand. */
export const DOMAIN_VERIFIERS = ['dns', 'systemAdmin'] as const;
export type DomainVerifier = (typeof DOMAIN_VERIFIERS)[number];

/** The label the TXT record is published under: `_console-verification.<domain>`. */
const VERIFICATION_LABEL = '_console-verification';
/** The prefix of the TXT record's value: `console-verification=<token>`. */
const VERIFICATION_VALUE_PREFIX = 'console-verification=';

/** The name of the TXT record that verifies `domain` (ASCII form). */
export function verificationRecordName(domain: string): string {
  return `${VERIFICATION_LABEL}.${domain}`;
}

/** The value of the TXT record that verifies a domain with `token`. */
export function verificationRecordValue(token: string): string {
  return `${VERIFICATION_VALUE_PREFIX}${token}`;
}

/**
 * Public webmail domains: anyone can have an address there, so no organization may claim one (nor
 * a name under one). Kept as data here; docs/product-rules.md#verified-domains says how to extend it.
 */
const PUBLIC_WEBMAIL_DOMAINS: readonly string[] = /* @__PURE__ */ Object.freeze([
  // Global
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.jp',
  'hotmail.com',
  'hotmail.co.jp',
  'live.com',
  'live.jp',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'qq.com',
  '163.com',
  'naver.com',
  // Japan: portals and the mobile carriers' addresses
  'yahoo.co.jp',
  'ybb.ne.jp',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'au.com',
  'softbank.ne.jp',
  'i.softbank.jp',
  'disney.ne.jp',
  'rakuten.jp',
  'nifty.com',
  'excite.co.jp',
]);

/** Longest domain name in its ASCII form (RFC 1035: 255 octets on the wire, 253 characters written). */
const DOMAIN_MAX_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether `domain` is, or is under, a public webmail domain. */
function isPublicWebmailDomain(domain: string): boolean {
  return PUBLIC_WEBMAIL_DOMAINS.some((webmail) => domain === webmail || domain.endsWith(`.${webmail}`));
}

/**
 * Whether an ASCII (punycode, lower-case) name may be an organization's domain: at least two
 * labels of letters, digits and inner hyphens, each up to 63 characters, 253 in all, and a
 * top-level label that is not all digits (so no IP address).
 */
function isValidAsciiDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > DOMAIN_MAX_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1] ?? '');
}

/** The ASCII name when it may be added; otherwise INVALID_DOMAIN or PUBLIC_WEBMAIL_DOMAIN. */
export function validateAsciiDomain(domain: string): string {
  if (!isValidAsciiDomain(domain)) throw new DomainError('INVALID_DOMAIN');
  if (isPublicWebmailDomain(domain)) throw new DomainError('PUBLIC_WEBMAIL_DOMAIN');
  return domain;
}

/**
 * The state of a domain after a check: verified when the record was found; a verified domain
 * whose record is missing stays verified until `failuresBeforeFailed` checks in a row have failed
 * (`failuresInARow` counts this one), any other domain is failed at once.
 */
export function stateAfterCheck(current: DomainState, found: boolean, failuresInARow: number, failuresBeforeFailed: number): DomainState {
  if (found) return 'verified';
  return current === 'verified' && failuresInARow < failuresBeforeFailed ? 'verified' : 'failed';
}
