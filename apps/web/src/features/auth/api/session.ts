import { apiClient } from '@/lib/api-client';

/**
 * POST /session/login: exchanges the ID token (bearer) for the httpOnly session cookie that
 * sibling products read. Not fatal: the console itself works with bearer tokens.
 */
export async function sessionLogin(): Promise<void> {
  try {
    await apiClient.POST('/session/login');
  } catch (error) {
    console.warn('Could not establish the session cookie', error);
  }
}

/** POST /session/logout: clears the session cookie. Not fatal either. */
export async function sessionLogout(): Promise<void> {
  try {
    await apiClient.POST('/session/logout');
  } catch (error) {
    console.warn('Could not clear the session cookie', error);
  }
}
