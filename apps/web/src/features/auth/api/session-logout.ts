import { apiClient } from '@/lib/api-client';
import { inSessionOrder } from './session-order';

/**
 * POST /session/logout with the ID token of the user who signed out: clears the session cookie
 * and revokes the user's sessions. Not fatal either.
 */
export function sessionLogout(idToken: string | undefined): Promise<void> {
  return inSessionOrder(async () => {
    try {
      await apiClient.POST('/session/logout', idToken ? { headers: { Authorization: `Bearer ${idToken}` } } : {});
    } catch (error) {
      console.warn('Could not clear the session cookie', error);
    }
  });
}
