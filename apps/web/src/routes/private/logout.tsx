import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth';
import { useTranslation } from '@/lib/i18n';

/** /logout: logs out, shows the spinner meanwhile, then /login with a toast (docs/product-rules.md#routes). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await logout();
      toast.success(t('logout.succeeded'));
      await navigate(paths.auth.login.getHref(), { replace: true });
    })();
  }, [navigate]);
  return <Spinner />;
}
