import { DomainError } from '../src/errors';
import { PRODUCTS, PRODUCT_KEYS, enabledProducts, landingProduct, parseProductSettings, planOf, type ProductSettings } from '../src/products';

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
    expect(enabledProducts(settings).some((p) => p.key === key)).toBe(expected);
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
