/** Sign-in, sign-up, password reset, logout and the auth state (docs/product-rules.md#screens, #states). */
export {
  continueWithGoogle,
  continueWithSso,
  finishSecondFactorSignIn,
  loginWithEmail,
  logout,
  resetPassword,
  sendResetMail,
  signOutHere,
  signUpWithEmail,
  type SignInResult,
} from './auth-actions';
export { discoverSso } from './api/sso';
export { AuthStateProvider, useAuthState } from './auth-state';
export { AuthCard } from './components/auth-card';
export { EmailField, useEmailField } from './components/email-field';
export { GoogleButton } from './components/google-button';
