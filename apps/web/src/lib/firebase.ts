import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { env } from '@/config/env';
import { shouldUseAuthEmulator } from '@/config/read-env';

const firebaseApp: FirebaseApp = initializeApp({
  apiKey: env.firebase.apiKey,
  authDomain: env.firebase.authDomain,
  projectId: env.firebase.projectId,
  ...(env.firebase.storageBucket ? { storageBucket: env.firebase.storageBucket } : {}),
  ...(env.firebase.messagingSenderId ? { messagingSenderId: env.firebase.messagingSenderId } : {}),
  ...(env.firebase.appId ? { appId: env.firebase.appId } : {}),
});

export const firebaseAuth: Auth = getAuth(firebaseApp);
firebaseAuth.languageCode = 'ja';

// Development (and the local test stack) authenticate against the Auth Emulator (spec §3).
// A prod build never talks to an emulator, even if the variable leaked into its environment.
if (shouldUseAuthEmulator(env, import.meta.env.DEV) && env.authEmulatorUrl) {
  connectAuthEmulator(firebaseAuth, env.authEmulatorUrl, { disableWarnings: true });
}

/** The signed-in user's ID token, or undefined when nobody is signed in. */
export async function currentIdToken(): Promise<string | undefined> {
  const user = firebaseAuth.currentUser;
  return user ? user.getIdToken() : undefined;
}
