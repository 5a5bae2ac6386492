import type { User } from 'firebase/auth';

/** The identity provider's SDK and the app's Auth instance (lib/firebase-auth.ts). */
export type FirebaseAuthSdk = (typeof import('./firebase-auth'))['firebaseAuthSdk'];

let loading: Promise<FirebaseAuthSdk> | undefined;
let loaded: FirebaseAuthSdk | undefined;
const loadListeners = new Set<(sdk: FirebaseAuthSdk) => void>();

/**
 * The Firebase Auth SDK, downloaded on first use: the sign-in screens render without it, and it is
 * fetched when somebody may be signed in or is about to sign in. A failed download is tried again
 * on the next call.
 */
export function loadFirebaseAuth(): Promise<FirebaseAuthSdk> {
  loading ??= import('./firebase-auth').then(
    ({ firebaseAuthSdk: sdk }) => {
      loaded = sdk;
      for (const listener of loadListeners) listener(sdk);
      loadListeners.clear();
      return sdk;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Calls `listener` once the SDK is loaded (at once if it is), whoever loaded it. Returns the function that stops waiting. */
export function onFirebaseAuthLoaded(listener: (sdk: FirebaseAuthSdk) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  loadListeners.add(listener);
  return () => {
    loadListeners.delete(listener);
  };
}

/** The signed-in user, or null when nobody is signed in (nobody is before the SDK was needed). */
export function currentUser(): User | null {
  return loaded?.firebaseAuth.currentUser ?? null;
}

/** The signed-in user's ID token, or undefined when nobody is signed in. */
export async function currentIdToken(): Promise<string | undefined> {
  const user = currentUser();
  return user ? user.getIdToken() : undefined;
}

/** The result of an IndexedDB request, once it has one. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Where Firebase Auth keeps the signed-in user in the browser (its IndexedDB persistence, else localStorage). */
const PERSISTENCE = { database: 'firebaseLocalStorageDb', store: 'firebaseLocalStorage', userKeyPrefix: 'firebase:authUser:' } as const;

/**
 * Whether the Firebase Auth SDK left a signed-in user in this browser, read without loading it:
 * for browsers that have no record of a sign-in yet (lib/storage.ts's hint) but may hold one.
 * Never opens (so never creates) a database that does not exist; any failure answers false.
 */
export async function hasPersistedFirebaseUser(): Promise<boolean> {
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith(PERSISTENCE.userKeyPrefix))) return true;
    if (typeof indexedDB === 'undefined' || !(await indexedDB.databases()).some((db) => db.name === PERSISTENCE.database)) return false;
    const db = await settled(indexedDB.open(PERSISTENCE.database));
    try {
      if (!db.objectStoreNames.contains(PERSISTENCE.store)) return false;
      const keys = await settled(db.transaction(PERSISTENCE.store, 'readonly').objectStore(PERSISTENCE.store).getAllKeys());
      return keys.some((key) => typeof key === 'string' && key.startsWith(PERSISTENCE.userKeyPrefix));
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}
