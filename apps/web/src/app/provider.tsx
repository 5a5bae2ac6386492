import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toastIfRateLimited } from '@/components/toasts';
import { AuthStateProvider } from '@/features/auth';
import { onApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  // A call refused for too many requests shows the API's message, whichever screen made it.
  useEffect(() => onApiError(toastIfRateLimited), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} zIndex={4000} />
      <QueryClientProvider client={queryClient}>
        <AuthStateProvider>{children}</AuthStateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
