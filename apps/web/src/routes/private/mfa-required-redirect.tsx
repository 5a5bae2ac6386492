import { ErrorCodes } from '@console/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { onApiError } from '@/lib/api-client';

/**
 * A call refused with MFA_REQUIRED (an organization that requires a second factor,
 * docs/product-rules.md#multi-factor-authentication) leads the person to the two-factor authentication of the
 * account settings, with the way back to where they were.
 */
export function MfaRequiredRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      onApiError((error) => {
        const enrolment = paths.account.authentication.getHref();
        if (error.errorCode !== ErrorCodes.MFA_REQUIRED || here.current.startsWith(enrolment)) return;
        void navigate(paths.account.authentication.getHref({ mfa: 'required', returnTo: here.current }));
      }),
    [navigate],
  );
  return null;
}
