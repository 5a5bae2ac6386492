import { apiClient } from '@/lib/api-client';

/**
 * POST /session/passwordChanged after a password change: every API instance refuses the user's
 * earlier sessions at once (otherwise within the API's revocation interval). Not fatal.
 */
export async function sessionPasswordChanged(email: string): Promise<void> {
  try {
    await apiClient.POST('/session/passwordChanged', { body: { email } });
  } catch (error) {
    console.warn('Could not announce the password change', error);
  }
}
