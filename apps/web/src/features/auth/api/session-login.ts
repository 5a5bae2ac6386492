import { apiClient } from '@/lib/api-client';
import { inSessionOrder } from './session-order';

/**
 * POST /session/login: exchanges the ID token (bearer) for the httpOnly session cookie that
 * sibling products read. Not fatal: the console itself works with bearer tokens.
 */
export function sessionLogin(): Promise<void> {
  return inSessionOrder(async () => {
    try {
      await apiClient.POST('/session/login');
    } catch (error) {
      console.warn('Could not establish the session cookie', error);
    }
  });
}
