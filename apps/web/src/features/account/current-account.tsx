import { createContext, useContext, type ReactNode } from 'react';
import type { Account } from './api/get-account';

const CurrentAccountContext = createContext<Account | null>(null);

/** Makes `account` (null: nobody is signed in) the current account of everything below. */
export function CurrentAccountProvider({ account, children }: { account: Account | null; children: ReactNode }) {
  return <CurrentAccountContext.Provider value={account}>{children}</CurrentAccountContext.Provider>;
}

/** The signed-in account; only for screens inside the private group. */
export function useCurrentAccount(): Account {
  const account = useContext(CurrentAccountContext);
  if (account === null) throw new Error('useCurrentAccount needs an authenticated user');
  return account;
}
