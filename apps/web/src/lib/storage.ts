import { isLocale, type Locale } from '@console/domain';

/**
 * Local-storage values of docs/product-rules.md#entities (the latest project id and the latest product per project id),
 * the chosen language and whether somebody is signed in.
 * Every access tolerates a missing or broken storage (private mode, quota, bad JSON).
 */
const STORAGE_KEYS = {
  latestProjectId: 'console.latestProjectId',
  latestProductByProjectId: 'console.latestProductByProjectId',
  language: 'console.language',
  signedIn: 'console.signedIn',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function getLatestProjectId(): string | undefined {
  const value = storage()?.getItem(STORAGE_KEYS.latestProjectId);
  return value ? value : undefined;
}

export function setLatestProjectId(projectId: string): void {
  try {
    storage()?.setItem(STORAGE_KEYS.latestProjectId, projectId);
  } catch {
    /* storage full or unavailable: nothing to remember */
  }
}

/** The values the console kept before it kept `signedIn`: the latest project and product (set on signed-in pages only). */
const KEPT_BEFORE_THE_MARKER: readonly string[] = [STORAGE_KEYS.latestProjectId, STORAGE_KEYS.latestProductByProjectId];

/**
 * Whether somebody is signed in in this browser, as far as the console can tell before it loads the
 * identity provider's SDK (docs/product-rules.md#entities), from the `console.signedIn` marker and
 * the keys of this browser's local storage: the marker records the provider's last report. Without
 * one, a browser holding no value the console kept before the marker has not been signed in to it
 * since (or had its site data cleared, which clears the provider's storage too): nobody is signed
 * in. One that holds such a value, or an unreadable marker: only the SDK can tell (undefined).
 */
export function signedInFromStorage(marker: string | null, keys: readonly string[]): boolean | undefined {
  if (marker === '1') return true;
  if (marker === '0') return false;
  if (marker !== null) return undefined;
  return keys.some((key) => KEPT_BEFORE_THE_MARKER.includes(key)) ? undefined : false;
}

/**
 * Whether somebody is signed in in this browser before the SDK tells (signedInFromStorage); undefined
 * when only the SDK can tell, or local storage cannot be read: a page loads the SDK as it starts then
 * and when this is true (lib/firebase.ts).
 */
export function getSignedInHint(): boolean | undefined {
  try {
    const store = storage();
    if (!store) return undefined;
    return signedInFromStorage(store.getItem(STORAGE_KEYS.signedIn), Object.keys(store));
  } catch {
    return undefined;
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    storage()?.setItem(STORAGE_KEYS.signedIn, signedIn ? '1' : '0');
  } catch {
    /* storage full or unavailable: the next page waits for the provider's SDK to tell */
  }
}

/** Calls `listener` when another tab of this browser records a sign-in. Returns the unsubscribe function. */
export function onSignedInElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.signedIn && event.newValue === '1') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function parseProductMap(raw: string | null | undefined): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const result: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value === 'string') result[key] = value;
    }
    return result;
  } catch {
    return {};
  }
}

export function getLatestProductKey(projectId: string): string | undefined {
  return parseProductMap(storage()?.getItem(STORAGE_KEYS.latestProductByProjectId))[projectId];
}

export function setLatestProductKey(projectId: string, productKey: string): void {
  const map = parseProductMap(storage()?.getItem(STORAGE_KEYS.latestProductByProjectId));
  map[projectId] = productKey;
  try {
    storage()?.setItem(STORAGE_KEYS.latestProductByProjectId, JSON.stringify(map));
  } catch {
    /* storage full or unavailable */
  }
}

/** The language chosen on this browser, when one was and it is still a language of the console. */
export function getStoredLanguage(): Locale | undefined {
  const value = storage()?.getItem(STORAGE_KEYS.language);
  return isLocale(value) ? value : undefined;
}

export function setStoredLanguage(locale: Locale): void {
  try {
    storage()?.setItem(STORAGE_KEYS.language, locale);
  } catch {
    /* storage full or unavailable: the choice lasts for this page only */
  }
}
