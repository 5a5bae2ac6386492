/**
 * Identifiers (docs/product-rules.md#identifiers): purely alphanumeric, exact length per kind.
 */
import { DomainError, ErrorCodes, invalidIdMessage } from './errors';

/** Digits, then upper-case, then lower-case letters (62 characters). */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type IdKind =
  | 'account'
  | 'role'
  | 'productRole'
  | 'organization'
  | 'project'
  | 'invitation'
  | 'karteOrganization'
  | 'karteProject'
  | 'domain'
  | 'serviceCredential'
  | 'serviceCredentialSecret'
  | 'joinRequest'
  | 'changeEvent'
  | 'webhookEndpoint'
  | 'webhookDelivery'
  | 'ssoConnection';

const ID_LENGTHS: Readonly<Record<IdKind, number>> = /* @__PURE__ */ Object.freeze({
  account: 10,
  role: 10,
  productRole: 10,
  organization: 8,
  project: 8,
  invitation: 21,
  karteOrganization: 24,
  karteProject: 24,
  domain: 12,
  serviceCredential: 12,
  serviceCredentialSecret: 12,
  joinRequest: 12,
  changeEvent: 16,
  webhookEndpoint: 12,
  webhookDelivery: 16,
  ssoConnection: 12,
});

/** The default root account id (docs/product-rules.md#identifiers): a fixed, valid account id. */
export const ROOT_ACCOUNT_ID = 'root000000';

const ID_PATTERN = /^[0-9A-Za-z]+$/;

/** Fills `bytes` with cryptographically strong random values. */
export type RandomBytesSource = (bytes: Uint8Array) => Uint8Array;

/** Minimal shape of Web Crypto, present as `globalThis.crypto` in Node >= 19 and browsers. */
interface CryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

const webCryptoRandomBytes: RandomBytesSource = (bytes) => {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (crypto === undefined || typeof crypto.getRandomValues !== 'function') {
    throw new Error('globalThis.crypto.getRandomValues is not available');
  }
  return crypto.getRandomValues(bytes);
};

/**
 * Largest multiple of the alphabet size that fits in a byte (62 * 4 = 248). Bytes at or above it
 * are rejected so that `byte % 62` is uniform: no modulo bias.
 */
const ACCEPT_BELOW = 256 - (256 % ID_ALPHABET.length);

/**
 * A fresh random id of the given kind. `randomBytes` defaults to Web Crypto and exists so tests
 * can drive the rejection sampling deterministically.
 */
export function generateId(kind: IdKind, randomBytes: RandomBytesSource = webCryptoRandomBytes): string {
  const length = ID_LENGTHS[kind];
  let id = '';
  while (id.length < length) {
    // Ask for a little more than needed; ~3 % of bytes are rejected.
    const bytes = randomBytes(new Uint8Array(Math.ceil((length - id.length) * 1.25) + 2));
    for (const byte of bytes) {
      if (byte >= ACCEPT_BELOW) continue;
      id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
      if (id.length === length) break;
    }
  }
  return id;
}

export function isValidId(kind: IdKind, value: unknown): boolean {
  return typeof value === 'string' && value.length === ID_LENGTHS[kind] && ID_PATTERN.test(value);
}

/** Throws DomainError INVALID_ID ('Invalid id: <value>') unless `value` is a valid id of `kind`. */
export function assertValidId(kind: IdKind, value: unknown): asserts value is string {
  if (!isValidId(kind, value)) {
    throw new DomainError(ErrorCodes.INVALID_ID, invalidIdMessage(value));
  }
}
