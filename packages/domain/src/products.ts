/**
 * Products and plans (docs/product-rules.md#plans). The knowledge product is the only one offered; a
 * product is enabled when its plan is not 'none'.
 */
import { DomainError, ErrorCodes } from './errors';

interface PlanDefinition {
  readonly key: string;
  readonly name: string;
}

export interface ProductDefinition {
  readonly key: string;
  readonly name: string;
  /** Base path of the product on the app host. */
  readonly path: string;
  readonly plans: readonly PlanDefinition[];
}

export const PRODUCTS = [
  {
    key: 'knowledge',
    name: 'ナレッジ',
    path: '/knowledge/',
    plans: [
      { key: 'none', name: 'なし' },
      { key: 'enterprise', name: 'エンタープライズ' },
    ],
  },
] as const satisfies readonly ProductDefinition[];

export type Product = (typeof PRODUCTS)[number];
export type ProductKey = Product['key'];
export type PlanKey = Product['plans'][number]['key'];

export type ProductSettings = Partial<Record<ProductKey, { plan: PlanKey }>>;

/** The default plan; 'none' means disabled. */
const DEFAULT_PLAN = 'none' satisfies PlanKey;
export const PRODUCT_KEYS: readonly ProductKey[] = /* @__PURE__ */ Object.freeze(PRODUCTS.map((p) => p.key));

function isProductKey(value: unknown): value is ProductKey {
  return typeof value === 'string' && (PRODUCT_KEYS as readonly string[]).includes(value);
}

function findProduct(key: string): Product | undefined {
  return PRODUCTS.find((p) => p.key === key);
}

/** True when `plan` is one of the plans of product `productKey`. */
function isValidPlan(productKey: string, plan: unknown): plan is PlanKey {
  const product = findProduct(productKey);
  return product !== undefined && product.plans.some((p) => p.key === plan);
}

/** The plan of a product in the settings; {@link DEFAULT_PLAN} when unset or unknown. */
export function planOf(settings: ProductSettings | null | undefined, key: ProductKey): PlanKey {
  const plan: unknown = settings?.[key]?.plan;
  return isValidPlan(key, plan) ? plan : DEFAULT_PLAN;
}

function isProductEnabled(settings: ProductSettings | null | undefined, key: string): boolean {
  return isProductKey(key) && planOf(settings, key) !== DEFAULT_PLAN;
}

/** Enabled products, in catalogue order. */
export function enabledProducts(settings: ProductSettings | null | undefined): Product[] {
  return PRODUCTS.filter((p) => isProductEnabled(settings, p.key));
}

/**
 * The product a project page lands on (docs/product-rules.md#screens, /projects/{id}): the product last used for the
 * project if it is still enabled, else the default product, else undefined (show the sidebar).
 */
export function landingProduct(settings: ProductSettings | null | undefined, lastUsedKey?: string | null): Product | undefined {
  if (typeof lastUsedKey === 'string' && isProductEnabled(settings, lastUsedKey)) {
    return findProduct(lastUsedKey);
  }
  return enabledProducts(settings)[0];
}

/**
 * Validates untrusted product settings (e.g. a project.update body): an object keyed by known
 * product keys, each `{ plan }` with a plan of that product. Throws VALIDATION_FAILED,
 * INVALID_PRODUCT or INVALID_PLAN. Returns a clean copy.
 */
export function parseProductSettings(value: unknown): ProductSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED);
  }
  const result: ProductSettings = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!isProductKey(key)) throw new DomainError(ErrorCodes.INVALID_PRODUCT);
    const plan: unknown = typeof entry === 'object' && entry !== null ? (entry as { plan?: unknown }).plan : undefined;
    if (!isValidPlan(key, plan)) throw new DomainError(ErrorCodes.INVALID_PLAN);
    result[key] = { plan };
  }
  return result;
}
