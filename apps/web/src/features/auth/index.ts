/** Sign-in, sign-up, password reset, logout and the auth state (docs/product-rules.md#screens, #states). */
export {
  continueWithGoogle,
  finishSecondFactorSignIn,
  loginWithEmail,
  logout,
  resetPassword,
  sendResetMail,
  signUpWithEmail,
  type SignInResult,
} from './auth-actions';
export { AuthStateProvider, useAuthState } from './auth-state';
export { AuthCard } from './components/auth-card';
export { EmailField, useEmailField } from './components/email-field';
export { GoogleButton } from './components/google-button';
