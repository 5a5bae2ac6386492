import fc from 'fast-check';
import { DomainError } from '../src/errors';
import { ROOT_ACCOUNT_ID, assertValidId, generateId, isValidId, type IdKind } from '../src/ids';

/** The id lengths per kind, as docs/product-rules.md gives them. */
const ID_LENGTHS: Record<IdKind, number> = {
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
};
const ID_KINDS = Object.keys(ID_LENGTHS) as IdKind[];
/** Digits, then upper-case, then lower-case letters. */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ALPHABET_CHARS = ID_ALPHABET.split('');
const kindArb = fc.constantFrom<IdKind>(...ID_KINDS);

describe('ids: constants', () => {
  it('ids use only digits and letters', () => {
    fc.assert(fc.property(kindArb, (kind) => [...generateId(kind)].every((c) => ALPHABET_CHARS.includes(c))));
  });

  it('the root account id is a valid account id', () => {
    expect(isValidId('account', ROOT_ACCOUNT_ID)).toBe(true);
    expect(ROOT_ACCOUNT_ID).toHaveLength(10);
  });
});

describe('generateId', () => {
  it.each(ID_KINDS)('generates a valid %s id with Web Crypto', (kind) => {
    const id = generateId(kind);
    expect(id).toHaveLength(ID_LENGTHS[kind]);
    expect(isValidId(kind, id)).toBe(true);
  });

  it('rejects bytes >= 248 (no modulo bias) and maps the rest by byte % 62', () => {
    const calls: number[] = [];
    const source = (bytes: Uint8Array): Uint8Array => {
      calls.push(bytes.length);
      // First call: only rejected bytes, then 0, 61, 62 (→ '0'), 247 (→ 247 % 62 = 61 → 'z').
      const pattern = calls.length === 1 ? [248, 255, 250] : [0, 61, 62, 247, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      bytes.forEach((_, i) => {
        bytes[i] = pattern[i % pattern.length] ?? 0;
      });
      return bytes;
    };
    const id = generateId('organization', source);
    expect(calls.length).toBe(2);
    expect(id).toBe('0z0z1234');
  });

  it('throws when no Web Crypto is available', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      expect(() => generateId('account')).toThrow('globalThis.crypto.getRandomValues is not available');
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
    expect(isValidId('account', generateId('account'))).toBe(true);
  });

  it('property: generated ids are valid, of exact length, over the alphabet only', () => {
    fc.assert(
      fc.property(kindArb, (kind) => {
        const id = generateId(kind);
        expect(id).toHaveLength(ID_LENGTHS[kind]);
        expect([...id].every((c) => ID_ALPHABET.includes(c))).toBe(true);
        expect(isValidId(kind, id)).toBe(true);
      }),
    );
  });

  it('property: any byte stream yields a valid id (rejection sampling always terminates correctly)', () => {
    fc.assert(
      fc.property(kindArb, fc.uint8Array({ minLength: 1, maxLength: 64 }), (kind, seed) => {
        let offset = 0;
        const source = (bytes: Uint8Array): Uint8Array => {
          bytes.forEach((_, i) => {
            // Make sure an accepted byte shows up eventually: every 7th byte is forced below 248.
            const b = seed[(offset + i) % seed.length] ?? 0;
            bytes[i] = (offset + i) % 7 === 6 ? b % 248 : b;
          });
          offset += bytes.length;
          return bytes;
        };
        expect(isValidId(kind, generateId(kind, source))).toBe(true);
      }),
    );
  });

  it('is roughly uniform over the alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) {
      for (const c of generateId('invitation')) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (2000 * 21) / 62;
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(expected * 0.7);
      expect(n).toBeLessThan(expected * 1.3);
    }
  });
});

describe('isValidId / assertValidId', () => {
  it.each<[IdKind, unknown, boolean]>([
    ['account', 'abcdeABCDE', true],
    ['account', '0123456789', true],
    ['account', 'abcdeABCD', false],
    ['account', 'abcdeABCDEF', false],
    ['account', 'abcde-BCDE', false],
    ['account', 'abcde BCDE', false],
    ['account', 'abcdeÅBCDE', false],
    ['organization', 'abcd1234', true],
    ['project', 'abcd123', false],
    ['invitation', 'a'.repeat(21), true],
    ['karteProject', 'A'.repeat(24), true],
    ['karteOrganization', 'A'.repeat(23), false],
    ['account', '', false],
    ['account', 1234567890, false],
    ['account', null, false],
    ['account', undefined, false],
  ])('%s %p → %p', (kind, value, valid) => {
    expect(isValidId(kind, value)).toBe(valid);
  });

  it('assertValidId passes valid ids', () => {
    expect(() => assertValidId('project', 'abcd1234')).not.toThrow();
  });

  it("assertValidId throws INVALID_ID with 'Invalid id: <value>'", () => {
    let caught: unknown;
    try {
      assertValidId('project', 'bad-id');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).errorCode).toBe('INVALID_ID');
    expect((caught as DomainError).message).toBe('Invalid id: bad-id');
    expect(() => assertValidId('account', 42)).toThrow('Invalid id: 42');
  });

  it('property: strings of the wrong length are invalid', () => {
    fc.assert(
      fc.property(kindArb, fc.string({ unit: fc.constantFrom(...ALPHABET_CHARS), maxLength: 40 }), (kind, s) => {
        fc.pre(s.length !== ID_LENGTHS[kind]);
        expect(isValidId(kind, s)).toBe(false);
      }),
    );
  });

  it('property: a right-length string with any non-alphanumeric character is invalid', () => {
    fc.assert(
      fc.property(
        kindArb,
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !ID_ALPHABET.includes(c)),
        fc.nat(),
        fc.nat(),
        (kind, bad, seed, position) => {
          const length = ID_LENGTHS[kind];
          const chars = Array.from({ length }, (_, i) => ALPHABET_CHARS[(seed + i) % 62] ?? '0');
          chars[position % length] = bad;
          const candidate = chars.join('');
          expect(isValidId(kind, candidate)).toBe(false);
          expect(() => assertValidId(kind, candidate)).toThrow(DomainError);
        },
      ),
    );
  });

  it('property: any right-length string over the alphabet is valid', () => {
    const arb = kindArb.chain((kind) =>
      fc.tuple(fc.constant(kind), fc.string({ unit: fc.constantFrom(...ALPHABET_CHARS), minLength: ID_LENGTHS[kind], maxLength: ID_LENGTHS[kind] })),
    );
    fc.assert(
      fc.property(arb, ([kind, s]) => {
        expect(isValidId(kind, s)).toBe(true);
        expect(() => assertValidId(kind, s)).not.toThrow();
      }),
    );
  });
});
