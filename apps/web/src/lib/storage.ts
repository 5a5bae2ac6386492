/**
 * Local-storage values of spec §3: the latest project id and the latest product per project id.
 * Every access tolerates a missing or broken storage (private mode, quota, bad JSON).
 */
const STORAGE_KEYS = {
  latestProjectId: 'console.latestProjectId',
  latestProductByProjectId: 'console.latestProductByProjectId',
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
