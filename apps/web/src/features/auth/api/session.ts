import { apiClient } from '@/lib/api-client';

/**
 * Session calls run one after another, in the order they were asked for: a cookie exchange that
 * started before a logout can never land after it and leave the cookie behind.
 */
let queue: Promise<void> = Promise.resolve();

function inOrder(call: () => Promise<void>): Promise<void> {
  const next = queue.then(call);
  queue = next;
  return next;
}

/**
 * POST /session/login: exchanges the ID token (bearer) for the httpOnly session cookie that
 * sibling products read. Not fatal: the console itself works with bearer tokens.
 */
export function sessionLogin(): Promise<void> {
  return inOrder(async () => {
    try {
      await apiClient.POST('/session/login');
    } catch (error) {
      console.warn('Could not establish the session cookie', error);
    }
  });
}

/**
 * POST /session/logout with the ID token of the user who signed out: clears the session cookie
 * and revokes the user's sessions. Not fatal either.
 */
export function sessionLogout(idToken: string | undefined): Promise<void> {
  return inOrder(async () => {
    try {
      await apiClient.POST('/session/logout', idToken ? { headers: { Authorization: `Bearer ${idToken}` } } : {});
    } catch (error) {
      console.warn('Could not clear the session cookie', error);
    }
  });
}
