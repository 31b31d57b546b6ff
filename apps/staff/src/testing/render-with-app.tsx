import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import { useToastStore } from '@mandado/web-kit/toast-store.ts';
import { Toaster } from '@mandado/web-kit/toaster.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/**
 * A staff component as the app renders it (decision 060): a fresh query client and the toasts where
 * notifications show, none left from the previous test (the toast store lives as long as the file's module
 * graph, a page load in the app). Only the network is stubbed, by the test (stubApi).
 */
export function renderWithApp(ui: ReactNode) {
  useToastStore.setState({ notifications: [] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}
