import { ROOT_ACCOUNT_ID } from '@console/domain';
import type { FirebaseUser } from './operator';

/**
 * Whether the account holds system-admin rights for this signed-in user: its flag, and for the root
 * account — bootstrapped from ROOT_ACCOUNT_EMAIL and linked to whoever first signs in with that
 * address — an address the identity provider has verified as well. (Other accounts are granted the
 * flag only once their address is verified; see AccountService.updateIsSystemAdmin.)
 */
export function holdsSystemAdminRights(account: { id: string; isSystemAdmin: boolean }, user: Pick<FirebaseUser, 'emailVerified'>): boolean {
  return account.isSystemAdmin && (account.id !== ROOT_ACCOUNT_ID || user.emailVerified);
}
