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

/** The identity provider's multi-factor calls (lib/firebase-mfa.ts), downloaded by the screens that need them only. */
export type FirebaseMfa = typeof import('./firebase-mfa');

export function loadFirebaseMfa(): Promise<FirebaseMfa> {
  return import('./firebase-mfa');
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
