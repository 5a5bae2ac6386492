import { ErrorCodes } from '@console/domain';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useCurrentAccount } from '@/features/account';
import { signOutHere } from '@/features/auth';
import { onApiError } from '@/lib/api-client';

/** The address of a person refused with SSO_REQUIRED, until the sign-in page it leads to is chosen. */
let refusedEmail: string | undefined;

/** The sign-in page a person signed out for SSO_REQUIRED goes to (with their address); undefined for anybody else. */
export function ssoRequiredLogin(): string | undefined {
  return refusedEmail === undefined ? undefined : paths.auth.login.getHref({ sso: 'required', email: refusedEmail });
}

/**
 * A call refused with SSO_REQUIRED (an organization that requires its members on its domains to
 * sign in through its identity provider, docs/product-rules.md#single-sign-on) signs this browser out; the
 * private layout then leads to the sign-in page with the person's address, which sends them to
 * their identity provider.
 */
export function SsoRequiredRedirect() {
  const { email } = useCurrentAccount();

  useEffect(() => {
    // Signed in (again): the refusal of an earlier sign-in is over.
    refusedEmail = undefined;
  }, []);

  useEffect(
    () =>
      onApiError((error) => {
        if (error.errorCode !== ErrorCodes.SSO_REQUIRED || refusedEmail !== undefined) return;
        refusedEmail = email;
        void signOutHere();
      }),
    [email],
  );
  return null;
}
