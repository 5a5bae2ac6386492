import {
  EmailAuthProvider,
  getMultiFactorResolver,
  GoogleAuthProvider,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  RecaptchaVerifier,
  type MultiFactorError,
  type MultiFactorInfo,
  type MultiFactorResolver,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { firebaseAuthSdk } from './firebase-auth';
import { i18n } from './i18n';

/**
 * The identity provider's multi-factor calls (SMS second factors; docs/product-rules.md#multi-factor-authentication),
 * downloaded only by the screens that enrol a factor or sign in with one (lib/firebase.ts: loadFirebaseMfa).
 */

const { firebaseAuth } = firebaseAuthSdk;

/** An enrolled second factor as the screens show it. */
export interface SecondFactor {
  uid: string;
  kind: string;
  phoneNumber: string | null;
  enrolledAt: string;
}

function toSecondFactor(info: MultiFactorInfo): SecondFactor {
  return {
    uid: info.uid,
    kind: info.factorId,
    phoneNumber: 'phoneNumber' in info && typeof info.phoneNumber === 'string' ? info.phoneNumber : null,
    enrolledAt: info.enrollmentTime,
  };
}

/** The error code of a failed identity-provider call (auth/invalid-verification-code, …), or undefined. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What the person is told of a failed second-factor step: a wrong or expired code, too many attempts, an invalid number, … */
export function secondFactorErrorMessage(error: unknown): string {
  const code = authErrorCode(error) ?? '';
  if (['auth/invalid-verification-code', 'auth/code-expired', 'auth/missing-code'].includes(code)) return i18n.t('mfa.wrongCode');
  if (['auth/too-many-requests', 'auth/quota-exceeded'].includes(code)) return i18n.t('errors.RATE_LIMITED');
  if (['auth/invalid-phone-number', 'auth/missing-phone-number'].includes(code)) return i18n.t('mfa.invalidPhone');
  if (code === 'auth/unverified-email') return i18n.t('mfa.unverifiedEmail');
  return i18n.t('mfa.failed');
}

/** The invisible reCAPTCHA the identity provider asks before sending an SMS, in `container` (a fresh element each time). */
function verifierIn(container: HTMLElement): RecaptchaVerifier {
  container.replaceChildren();
  const element = document.createElement('div');
  container.append(element);
  return new RecaptchaVerifier(firebaseAuth, element, { size: 'invisible' });
}

/** The second factors the user has enrolled. */
export function enrolledSecondFactors(user: User): SecondFactor[] {
  return multiFactor(user).enrolledFactors.map(toSecondFactor);
}

/** Sends the SMS code that confirms a new phone factor; its verification id. */
export async function sendEnrollmentCode(user: User, phoneNumber: string, recaptchaContainer: HTMLElement): Promise<string> {
  const verifier = verifierIn(recaptchaContainer);
  try {
    const session = await multiFactor(user).getSession();
    return await new PhoneAuthProvider(firebaseAuth).verifyPhoneNumber({ phoneNumber, session }, verifier);
  } finally {
    verifier.clear();
  }
}

/** Enrols the phone factor with the SMS code; the factor enrolled. */
export async function confirmEnrollment(user: User, verificationId: string, code: string, displayName: string): Promise<SecondFactor> {
  const before = new Set(multiFactor(user).enrolledFactors.map((f) => f.uid));
  await multiFactor(user).enroll(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)), displayName);
  const added = multiFactor(user).enrolledFactors.find((f) => !before.has(f.uid));
  if (!added) throw new Error('The enrolled factor is not listed');
  return toSecondFactor(added);
}

/** Removes a second factor (auth/requires-recent-login when the sign-in is too old: {@link reauthenticate} first). */
export async function removeSecondFactor(user: User, factorUid: string): Promise<void> {
  await multiFactor(user).unenroll(factorUid);
}

/** Signs the user in again, with the password or with Google (as it signed in), for a change that needs a recent sign-in. */
export async function reauthenticate(user: User, password: string | null): Promise<UserCredential> {
  if (password !== null && user.email) return reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  return reauthenticateWithPopup(user, new GoogleAuthProvider());
}

/** Whether the user signs in with a password (else with Google). */
export function signsInWithPassword(user: User): boolean {
  return user.providerData.some((p) => p.providerId === 'password');
}

/** Whether the current ID token comes from a sign-in with a second factor (its firebase.sign_in_second_factor). */
export async function signedInWithSecondFactor(user: User): Promise<boolean> {
  const result = await user.getIdTokenResult(true);
  return typeof result.signInSecondFactor === 'string';
}

/** A sign-in waiting for its second factor: the phone number (masked by the identity provider) and how to finish it. */
export interface PendingSecondFactor {
  resolver: MultiFactorResolver;
  phoneNumber: string | null;
}

/** The pending second step of a sign-in refused with auth/multi-factor-auth-required. */
export function pendingSecondFactor(error: unknown): PendingSecondFactor {
  const resolver = getMultiFactorResolver(firebaseAuth, error as MultiFactorError);
  const hint = resolver.hints.find((h) => h.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
  return { resolver, phoneNumber: hint && 'phoneNumber' in hint && typeof hint.phoneNumber === 'string' ? hint.phoneNumber : null };
}

/** Sends the SMS code of the pending sign-in (again, for a resend); its verification id. */
export async function sendSignInCode(pending: PendingSecondFactor, recaptchaContainer: HTMLElement): Promise<string> {
  const hint = pending.resolver.hints.find((h) => h.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
  if (!hint) throw new Error('No SMS second factor to sign in with');
  const verifier = verifierIn(recaptchaContainer);
  try {
    return await new PhoneAuthProvider(firebaseAuth).verifyPhoneNumber({ multiFactorHint: hint, session: pending.resolver.session }, verifier);
  } finally {
    verifier.clear();
  }
}

/** Finishes the sign-in with the SMS code. */
export function confirmSignIn(pending: PendingSecondFactor, verificationId: string, code: string): Promise<UserCredential> {
  return pending.resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)));
}
