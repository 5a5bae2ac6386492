import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CurrentAccountProvider, useAccountLocale, useAccountQuery, type Account } from '@/features/account';
import { onApiError } from '@/lib/api-client';
import { isClientError } from '@/lib/api-error';
import { currentUser, loadFirebaseAuth, onFirebaseAuthLoaded } from '@/lib/firebase';
import { getSignedInHint, onSignedInElsewhere, setSignedInHint } from '@/lib/storage';
import { tracking } from '@/lib/tracking';
import { sessionLogin } from './api/session-login';
import { endSessionIfRevoked } from './auth-actions';

/** If the identity provider reports nothing within this time, the current user decides (docs/product-rules.md#states, #limits). */
const AUTH_FALLBACK_TIMEOUT_MS = 10_000;

export type AuthState =
  | { status: 'initial' }
  | { status: 'authenticated'; user: User; account: Account }
  | { status: 'unAuthenticated' }
  /** Signed in with the provider, but the account could not be read (no answer in time, a server error): the error screen. */
  | { status: 'unavailable' };

type ProviderState = { reported: false } | { reported: true; user: User | null };

const AuthStateContext = createContext<AuthState | null>(null);

/** Derives the auth state of docs/product-rules.md#states from the provider's report and the account record. */
function deriveAuthState(
  provider: ProviderState,
  account: { status: 'pending' | 'error' | 'success'; data: Account | null | undefined; error: unknown },
): AuthState {
  if (!provider.reported) return { status: 'initial' };
  if (provider.user === null) return { status: 'unAuthenticated' };
  if (account.status === 'pending') return { status: 'initial' };
  // A refusal (4xx) means no usable account; any other failure says nothing about the account.
  if (account.status === 'error') return isClientError(account.error) ? { status: 'unAuthenticated' } : { status: 'unavailable' };
  if (!account.data) return { status: 'unAuthenticated' };
  return { status: 'authenticated', user: provider.user, account: account.data };
}

/**
 * Where the provider's report starts: a browser in which nobody was signed in shows its pages at
 * once, without the provider's SDK; one in which somebody was (or where only the SDK can tell:
 * lib/storage.ts) waits to be told.
 */
function initialProviderState(): ProviderState {
  return getSignedInHint() === false ? { reported: true, user: null } : { reported: false };
}

function loadProvider(): void {
  loadFirebaseAuth().catch((error: unknown) => console.error('The sign-in SDK failed to load', error));
}

export function AuthStateProvider({ children }: { children: ReactNode }) {
  const [provider, setProvider] = useState<ProviderState>(initialProviderState);

  // The SDK is loaded when somebody may be signed in: here (the marker), in another tab, or by a
  // sign-in screen; from then on it reports the user, and the marker follows its reports.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const stopWaiting = onFirebaseAuthLoaded(({ firebaseAuth, onAuthStateChanged }) => {
      unsubscribe = onAuthStateChanged(firebaseAuth, (user) => {
        setSignedInHint(user !== null);
        setProvider((current) => (current.reported && current.user === user ? current : { reported: true, user }));
      });
    });
    const hint = getSignedInHint();
    // Signed in, or only the SDK can tell (lib/storage.ts): the SDK reports; nobody is: the marker
    // is written, so that values the console keeps later do not make a page load the SDK.
    if (hint === false) setSignedInHint(false);
    else loadProvider();
    const stopListening = onSignedInElsewhere(loadProvider);
    const fallback = setTimeout(() => {
      setProvider((current) => (current.reported ? current : { reported: true, user: currentUser() }));
    }, AUTH_FALLBACK_TIMEOUT_MS);
    return () => {
      clearTimeout(fallback);
      stopWaiting();
      stopListening();
      unsubscribe?.();
    };
  }, []);

  // A call refused for a session signed out elsewhere signs this browser out.
  useEffect(() => onApiError((error) => void endSessionIfRevoked(error)), []);

  const user = provider.reported ? provider.user : null;
  const accountQuery = useAccountQuery(user?.uid, { enabled: user !== null });
  const state = useMemo(
    () => deriveAuthState(provider, { status: accountQuery.status, data: accountQuery.data, error: accountQuery.error }),
    [provider, accountQuery.status, accountQuery.data, accountQuery.error],
  );

  // On becoming authenticated: identify the account and exchange the ID token for the session cookie.
  const identified = useRef<string | null>(null);
  useEffect(() => {
    if (state.status !== 'authenticated') {
      if (state.status === 'unAuthenticated') identified.current = null;
      return;
    }
    const { account } = state;
    if (identified.current === account.id) return;
    identified.current = account.id;
    tracking.identify({ id: account.id, email: account.email, name: account.name, isSystemAdmin: account.isSystemAdmin });
    void sessionLogin();
  }, [state]);

  // The console speaks the signed-in account's language (or saves the one picked on this browser).
  useAccountLocale(state.status === 'authenticated' ? state.account : null);

  return (
    <AuthStateContext.Provider value={state}>
      <CurrentAccountProvider account={state.status === 'authenticated' ? state.account : null}>{children}</CurrentAccountProvider>
    </AuthStateContext.Provider>
  );
}

export function useAuthState(): AuthState {
  const state = useContext(AuthStateContext);
  if (state === null) throw new Error('useAuthState must be used inside <AuthStateProvider>');
  return state;
}
