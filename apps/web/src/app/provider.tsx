import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { toastIfRateLimited } from '@/components/toasts';
import { AuthStateProvider } from '@/features/auth';
import { onApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() => import('./notifications').then((module) => ({ default: module.Notifications })));

/** The toasts' container, downloaded with the first toast: most pages show none as they open. */
function Toasts() {
  const showing = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(showing);
  if (showing && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={5} zIndex={4000} />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  // A call refused for too many requests shows the API's message, whichever screen made it.
  useEffect(() => onApiError(toastIfRateLimited), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <AuthStateProvider>{children}</AuthStateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
