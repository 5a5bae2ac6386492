import { apiClient, unwrapRequired } from '@/lib/api-client';

/**
 * POST /account/secondFactor/enrolled and /removed: after a second factor was enrolled or removed
 * with the identity provider, the API records it in the audit log (as the provider confirms it).
 */
export async function recordSecondFactorEnrolled(factorId: string): Promise<void> {
  await unwrapRequired(apiClient.POST('/account/secondFactor/enrolled', { body: { factorId } }));
}

export async function recordSecondFactorRemoved(factorId: string): Promise<void> {
  await unwrapRequired(apiClient.POST('/account/secondFactor/removed', { body: { factorId } }));
}
