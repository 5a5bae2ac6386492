import { Navigate, Outlet, useSearchParams } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { ErrorScreen } from '@/components/error-screen';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuthState } from '@/features/auth';
import { parseAuthSearch } from '@/lib/search-params';

/**
 * Public group (docs/product-rules.md#routes): an authenticated visitor goes to the invitation named by the
 * `invitation` search value, else to /projects/latest. Spinner while loading. A visitor picks the
 * language at the top right.
 */
export function PublicLayout() {
  const state = useAuthState();
  const [search] = useSearchParams();
  if (state.status === 'initial') return <Spinner />;
  if (state.status === 'unavailable') return <ErrorScreen />;
  if (state.status === 'authenticated') {
    const { invitation } = parseAuthSearch(search);
    return <Navigate to={invitation ? paths.invitation.getHref(invitation) : paths.projects.latest.getHref()} replace />;
  }
  return (
    <>
      <LanguageSwitcher />
      <Outlet />
    </>
  );
}
