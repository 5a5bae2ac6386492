import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouterPendingIndicator } from '@/components/pending-indicator';
import { tracking } from '@/lib/tracking';

/** Root of the route tree: pending indicator and page-view tracking. */
export function RootLayout() {
  const location = useLocation();
  useEffect(() => {
    tracking.pageView(location.pathname);
  }, [location.pathname]);
  return (
    <>
      <RouterPendingIndicator />
      <Outlet />
    </>
  );
}
