import { Alert, Anchor, Stack } from '@mantine/core';
import { isErrorCode, type ErrorCode } from '@console/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { AuthCard, continueWithSso } from '@/features/auth';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/sso';

/** The fragment's single-use code or error code, read once; the fragment is then cleared from the address bar and history. */
function takeFragment(): { code?: string; error?: string } {
  const fields = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return { code: fields.get('code') ?? undefined, error: fields.get('error') ?? undefined };
}

/**
 * /sso: where a single sign-on comes back from the API's callback (docs/product-rules.md#single-sign-on).
 * The code in the fragment becomes the sign-in (the public layout then leads on, as after any
 * sign-in); an error code is told with its message.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('sso.title'));
  const [error, setError] = useState<ErrorCode | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = takeFragment();
    if (fragment.code === undefined) {
      setError(isErrorCode(fragment.error) ? fragment.error : 'SSO_ATTEMPT_INVALID');
      return;
    }
    continueWithSso(fragment.code).then(
      (result) => {
        if (!result.ok) setError('SSO_RESPONSE_INVALID');
        else if (result.created) toast.success(t('signUp.succeeded'));
      },
      (failure: unknown) => setError(isApiError(failure) && isErrorCode(failure.errorCode) ? failure.errorCode : 'INTERNAL'),
    );
  }, [t]);

  if (error === null) return <Spinner />;
  return (
    <AuthCard title={t('sso.failedTitle')}>
      <Stack gap="md">
        <Alert color="red" role="alert">
          {t(`errors.${error}`)}
        </Alert>
        <Anchor component={Link} to={paths.auth.login.getHref()} ta="center">
          {t('sso.backToLogin')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
