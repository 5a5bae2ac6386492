import { DomainError } from '../src/errors';
import {
  DEFAULT_PLAN,
  NO_PRODUCTS_IN_USE,
  PRODUCTS,
  PRODUCT_KEYS,
  defaultProductKey,
  enabledProducts,
  findProduct,
  isProductEnabled,
  isProductKey,
  isValidPlan,
  landingProduct,
  parseProductSettings,
  planOf,
  type ProductSettings,
} from '../src/products';

const enterprise: ProductSettings = { knowledge: { plan: 'enterprise' } };
const none: ProductSettings = { knowledge: { plan: 'none' } };
/** Settings as they may come from storage: unknown plan values. */
const corrupt = { knowledge: { plan: 'gold' } } as unknown as ProductSettings;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? e.errorCode : 'not a DomainError';
  }
  return undefined;
}

describe('catalogue', () => {
  it('offers the knowledge product with plans none and enterprise', () => {
    expect(PRODUCTS).toEqual([
      {
        key: 'knowledge',
        name: 'ナレッジ',
        path: '/knowledge/',
        plans: [
          { key: 'none', name: 'なし' },
          { key: 'enterprise', name: 'エンタープライズ' },
        ],
      },
    ]);
    expect(PRODUCT_KEYS).toEqual(['knowledge']);
    expect(DEFAULT_PLAN).toBe('none');
    expect(NO_PRODUCTS_IN_USE).toBe('no_products_in_use');
  });

  it('findProduct / isProductKey', () => {
    expect(findProduct('knowledge')?.path).toBe('/knowledge/');
    expect(findProduct('speak')).toBeUndefined();
    expect(isProductKey('knowledge')).toBe(true);
    expect(isProductKey('speak')).toBe(false);
    expect(isProductKey(1)).toBe(false);
  });

  it('isValidPlan', () => {
    expect(isValidPlan('knowledge', 'none')).toBe(true);
    expect(isValidPlan('knowledge', 'enterprise')).toBe(true);
    expect(isValidPlan('knowledge', 'gold')).toBe(false);
    expect(isValidPlan('knowledge', undefined)).toBe(false);
    expect(isValidPlan('speak', 'none')).toBe(false);
  });
});

describe('enablement', () => {
  it.each<[string, ProductSettings | null | undefined, string, boolean]>([
    ['enterprise plan', enterprise, 'knowledge', true],
    ['none plan', none, 'knowledge', false],
    ['no entry', {}, 'knowledge', false],
    ['null settings', null, 'knowledge', false],
    ['undefined settings', undefined, 'knowledge', false],
    ['unknown plan', corrupt, 'knowledge', false],
    ['unknown product', enterprise, 'speak', false],
  ])('%s → %p', (_label, settings, key, expected) => {
    expect(isProductEnabled(settings, key)).toBe(expected);
  });

  it('planOf defaults to none', () => {
    expect(planOf(enterprise, 'knowledge')).toBe('enterprise');
    expect(planOf({}, 'knowledge')).toBe('none');
    expect(planOf(corrupt, 'knowledge')).toBe('none');
    expect(planOf(undefined, 'knowledge')).toBe('none');
  });

  it('enabledProducts follows catalogue order', () => {
    expect(enabledProducts(enterprise).map((p) => p.key)).toEqual(['knowledge']);
    expect(enabledProducts(none)).toEqual([]);
  });

  it('defaultProductKey is the first enabled product or the marker', () => {
    expect(defaultProductKey(enterprise)).toBe('knowledge');
    expect(defaultProductKey(none)).toBe(NO_PRODUCTS_IN_USE);
    expect(defaultProductKey(null)).toBe(NO_PRODUCTS_IN_USE);
  });
});

describe('landingProduct', () => {
  it('uses the last used product while it is enabled', () => {
    expect(landingProduct(enterprise, 'knowledge')?.key).toBe('knowledge');
  });

  it('falls back to the default product when the last one is unknown or disabled', () => {
    expect(landingProduct(enterprise, 'speak')?.key).toBe('knowledge');
    expect(landingProduct(enterprise, null)?.key).toBe('knowledge');
    expect(landingProduct(enterprise)?.key).toBe('knowledge');
  });

  it('is undefined when nothing is enabled (the sidebar is shown)', () => {
    expect(landingProduct(none, 'knowledge')).toBeUndefined();
    expect(landingProduct(undefined)).toBeUndefined();
  });
});

describe('parseProductSettings', () => {
  it('accepts valid settings and returns a clean copy', () => {
    const input = { knowledge: { plan: 'enterprise', extra: true } };
    expect(parseProductSettings(input)).toEqual({ knowledge: { plan: 'enterprise' } });
    expect(parseProductSettings({})).toEqual({});
  });

  it.each<[unknown, string]>([
    [null, 'VALIDATION_FAILED'],
    ['knowledge', 'VALIDATION_FAILED'],
    [[], 'VALIDATION_FAILED'],
    [{ speak: { plan: 'none' } }, 'INVALID_PRODUCT'],
    [{ knowledge: { plan: 'gold' } }, 'INVALID_PLAN'],
    [{ knowledge: 'enterprise' }, 'INVALID_PLAN'],
    [{ knowledge: null }, 'INVALID_PLAN'],
  ])('rejects %p with %s', (value, code) => {
    expect(codeOf(() => parseProductSettings(value))).toBe(code);
  });
});
