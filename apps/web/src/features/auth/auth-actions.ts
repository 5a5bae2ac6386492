import { ErrorCodes } from '@console/domain';
import type { UserCredential } from 'firebase/auth';
import { toast } from '@/components/toasts';
import { accountKeys, accountQueryOptions, createAndCacheAccount, type Account } from '@/features/account';
import type { ApiError } from '@/lib/api-error';
import { currentIdToken, loadFirebaseAuth } from '@/lib/firebase';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { tracking } from '@/lib/tracking';
import { sessionLogout } from './api/session-logout';
import { sessionPasswordChanged } from './api/session-password-changed';
import { exchangeSsoCode } from './api/sso';

export type SignInResult =
  | { ok: true; account: Account; created: boolean }
  | { ok: false; reason: 'identity' | 'noAccount' | 'createAccount' }
  /** The identity provider asks for the second factor (`error`, for the second step); then {@link finishSecondFactorSignIn}. */
  | { ok: false; reason: 'secondFactor'; error: unknown; createIfMissing: boolean };

/** A failed first step of a sign-in: the identity provider refused it, or asks for the second factor (docs/product-rules.md#multi-factor-authentication). */
function identityFailure(error: unknown, createIfMissing: boolean): SignInResult {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'auth/multi-factor-auth-required' ? { ok: false, reason: 'secondFactor', error, createIfMissing } : { ok: false, reason: 'identity' };
}

/**
 * Starts downloading the identity provider's SDK at a visitor's first input in a sign-in form, so
 * that the submit need not wait for it (a failed download is tried again by the submit).
 */
export function prepareSignIn(): void {
  loadFirebaseAuth().catch(() => undefined);
}

async function loadAccount(uid: string): Promise<Account | null> {
  return queryClient.fetchQuery(accountQueryOptions(uid));
}

/**
 * Forgets the user in the trackers (the sign-in page the sign-out leads to is no longer theirs),
 * signs out of the identity provider, then clears the session cookie and every cached query.
 * Signing out first means no cookie exchange can start after the cookie was cleared.
 */
export async function logout(): Promise<void> {
  tracking.reset();
  const { firebaseAuth, signOut } = await loadFirebaseAuth();
  const idToken = await currentIdToken().catch(() => undefined);
  await signOut(firebaseAuth);
  await sessionLogout(idToken);
  queryClient.clear();
}

let endingRevokedSession = false;

/**
 * After a call refused because this browser's session was signed out elsewhere (account settings,
 * docs/architecture.md#sessions): says so, and signs out here only — a logout would sign the
 * person's other sessions out too. The private pages then lead to the sign-in page.
 */
export async function endSessionIfRevoked(error: ApiError): Promise<void> {
  if (error.errorCode !== ErrorCodes.SESSION_REVOKED || endingRevokedSession) return;
  endingRevokedSession = true;
  try {
    toast.warning(i18n.t('errors.SESSION_REVOKED'));
    await signOutHere();
  } finally {
    endingRevokedSession = false;
  }
}

/** Email and password login; an identity without an account is signed out again. */
export async function loginWithEmail(email: string, password: string): Promise<SignInResult> {
  let credential: UserCredential;
  try {
    const { firebaseAuth, signInWithEmailAndPassword } = await loadFirebaseAuth();
    credential = await signInWithEmailAndPassword(firebaseAuth, email, password);
  } catch (error) {
    return identityFailure(error, false);
  }
  return ensureAccount(credential.user.uid, false);
}

/** Creates the server account after an identity was created; on failure logs out (docs/product-rules.md#states). */
async function ensureAccount(uid: string, createIfMissing: boolean): Promise<SignInResult> {
  const existing = await loadAccount(uid).catch(() => null);
  if (existing) return { ok: true, account: existing, created: false };
  if (!createIfMissing) {
    await logout();
    return { ok: false, reason: 'noAccount' };
  }
  try {
    const account = await createAndCacheAccount(uid, queryClient);
    return { ok: true, account, created: true };
  } catch (error) {
    console.error('Account creation failed', error);
    await logout();
    return { ok: false, reason: 'createAccount' };
  }
}

/** Google sign-in; a first-time Google user gets an account (sign-up and login alike). */
export async function continueWithGoogle(): Promise<SignInResult> {
  let credential: UserCredential;
  try {
    const { firebaseAuth, GoogleAuthProvider, signInWithPopup } = await loadFirebaseAuth();
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    credential = await signInWithPopup(firebaseAuth, provider);
  } catch (error) {
    return identityFailure(error, true);
  }
  return ensureAccount(credential.user.uid, true);
}

/**
 * Completes a single sign-on (docs/product-rules.md#single-sign-on): the code the API's callback
 * handed over becomes a custom token to sign in with; a first-time person gets an account, as with
 * Google. A refused exchange (a used or expired code, a disabled connection) throws its API error.
 */
export async function continueWithSso(code: string): Promise<SignInResult> {
  const customToken = await exchangeSsoCode(code);
  let credential: UserCredential;
  try {
    const { firebaseAuth, signInWithCustomToken } = await loadFirebaseAuth();
    credential = await signInWithCustomToken(firebaseAuth, customToken);
  } catch (error) {
    return identityFailure(error, true);
  }
  return ensureAccount(credential.user.uid, true);
}

/**
 * Signs this browser out without a logout of the person's other sessions: led to their
 * organization's single sign-on, they sign in again through it.
 */
export async function signOutHere(): Promise<void> {
  tracking.reset();
  const { firebaseAuth, signOut } = await loadFirebaseAuth();
  await signOut(firebaseAuth);
  queryClient.clear();
}

/** After the second step of a sign-in: as after the first (the account, created for a first-time Google user). */
export function finishSecondFactorSignIn(credential: UserCredential, createIfMissing: boolean): Promise<SignInResult> {
  return ensureAccount(credential.user.uid, createIfMissing);
}

/** Email and password sign-up: identity first, then the server account (stored in the cache). */
export async function signUpWithEmail(email: string, password: string): Promise<SignInResult> {
  let credential: UserCredential;
  try {
    const { firebaseAuth, createUserWithEmailAndPassword } = await loadFirebaseAuth();
    credential = await createUserWithEmailAndPassword(firebaseAuth, email, password);
  } catch {
    return { ok: false, reason: 'identity' };
  }
  queryClient.removeQueries({ queryKey: accountKeys.current(credential.user.uid) });
  try {
    const account = await createAndCacheAccount(credential.user.uid, queryClient);
    return { ok: true, account, created: true };
  } catch (error) {
    console.error('Account creation failed', error);
    await logout();
    return { ok: false, reason: 'createAccount' };
  }
}

export async function sendResetMail(email: string): Promise<boolean> {
  try {
    const { firebaseAuth, sendPasswordResetEmail } = await loadFirebaseAuth();
    await sendPasswordResetEmail(firebaseAuth, email);
    return true;
  } catch {
    return false;
  }
}

/** Sets the new password with the identity provider, then has the API refuse the sessions it revoked at once. */
export async function resetPassword(oobCode: string, newPassword: string): Promise<boolean> {
  let email: string;
  try {
    const { firebaseAuth, confirmPasswordReset, verifyPasswordResetCode } = await loadFirebaseAuth();
    email = await verifyPasswordResetCode(firebaseAuth, oobCode);
    await confirmPasswordReset(firebaseAuth, oobCode, newPassword);
  } catch {
    return false;
  }
  await sessionPasswordChanged(email);
  return true;
}
