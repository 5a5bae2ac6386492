import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { shouldUseAuthEmulator } from '@/config/read-env';
import { currentLocale, onLanguageChanged } from './i18n';

const firebaseApp: FirebaseApp = initializeApp({
  apiKey: env.firebase.apiKey,
  authDomain: env.firebase.authDomain,
  projectId: env.firebase.projectId,
  ...(env.firebase.storageBucket ? { storageBucket: env.firebase.storageBucket } : {}),
  ...(env.firebase.messagingSenderId ? { messagingSenderId: env.firebase.messagingSenderId } : {}),
  ...(env.firebase.appId ? { appId: env.firebase.appId } : {}),
});

const firebaseAuth: Auth = getAuth(firebaseApp);
// Firebase's own texts (the password-reset e-mail) follow the language the console shows.
firebaseAuth.languageCode = currentLocale();
onLanguageChanged(() => {
  firebaseAuth.languageCode = currentLocale();
});

// Development (and the local test stack) authenticate against the Auth Emulator (docs/product-rules.md#entities).
// A prod build never talks to an emulator, even if the variable leaked into its environment.
if (shouldUseAuthEmulator(env, import.meta.env.DEV) && env.authEmulatorUrl) {
  connectAuthEmulator(firebaseAuth, env.authEmulatorUrl, { disableWarnings: true });
  // The emulator sends no SMS and checks no reCAPTCHA: the SMS second factor is verified without it (never outside dev and test).
  firebaseAuth.settings.appVerificationDisabledForTesting = true;
}

/**
 * The Firebase Auth SDK's calls the app makes, with the app's Auth instance. Loaded on demand
 * through lib/firebase.ts (loadFirebaseAuth): a page whose visitor is not signed in renders without it.
 */
export const firebaseAuthSdk = {
  firebaseAuth,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  verifyPasswordResetCode,
};
