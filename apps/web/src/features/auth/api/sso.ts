import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /auth/sso/discover: where the address signs in through its organization's identity provider, null without SSO (docs/product-rules.md#single-sign-on). */
export async function discoverSso(email: string): Promise<string | null> {
  const answer = await unwrapRequired(apiClient.POST('/auth/sso/discover', { body: { email } }));
  return answer.sso ? answer.startUrl : null;
}

/** POST /auth/sso/exchange: the custom token of a completed single sign-on, for its single-use code. */
export async function exchangeSsoCode(code: string): Promise<string> {
  return (await unwrapRequired(apiClient.POST('/auth/sso/exchange', { body: { code } }))).customToken;
}
