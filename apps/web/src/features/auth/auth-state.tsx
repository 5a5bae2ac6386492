import { onAuthStateChanged, type User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CurrentAccountProvider, useAccountQuery, type Account } from '@/features/account';
import { firebaseAuth } from '@/lib/firebase';
import { tracking } from '@/lib/tracking';
import { sessionLogin } from './api/session-login';

/** If the identity provider reports nothing within this time, the current user decides (spec §4, §9). */
const AUTH_FALLBACK_TIMEOUT_MS = 10_000;

export type AuthState =
  | { status: 'initial' }
  | { status: 'authenticated'; user: User; account: Account }
  | { status: 'unAuthenticated' };

type ProviderState = { reported: false } | { reported: true; user: User | null };

const AuthStateContext = createContext<AuthState | null>(null);

/** Derives the auth state of spec §4 from the provider's report and the account record. */
function deriveAuthState(provider: ProviderState, account: { status: 'pending' | 'error' | 'success'; data: Account | null | undefined }): AuthState {
  if (!provider.reported) return { status: 'initial' };
  if (provider.user === null) return { status: 'unAuthenticated' };
  if (account.status === 'pending') return { status: 'initial' };
  if (account.status === 'error' || !account.data) return { status: 'unAuthenticated' };
  return { status: 'authenticated', user: provider.user, account: account.data };
}

export function AuthStateProvider({ children }: { children: ReactNode }) {
  const [provider, setProvider] = useState<ProviderState>({ reported: false });

  useEffect(() => {
    let reported = false;
    const unsubscribe = onAuthStateChanged(firebaseAuth, (user) => {
      reported = true;
      setProvider({ reported: true, user });
    });
    const fallback = setTimeout(() => {
      if (!reported) setProvider({ reported: true, user: firebaseAuth.currentUser });
    }, AUTH_FALLBACK_TIMEOUT_MS);
    return () => {
      clearTimeout(fallback);
      unsubscribe();
    };
  }, []);

  const user = provider.reported ? provider.user : null;
  const accountQuery = useAccountQuery(user?.uid, { enabled: user !== null });
  const state = useMemo(
    () => deriveAuthState(provider, { status: accountQuery.status, data: accountQuery.data }),
    [provider, accountQuery.status, accountQuery.data],
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
