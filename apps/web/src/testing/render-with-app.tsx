import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import { Toaster } from '@mandado/web-kit/toaster.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * A shop component as the app renders it (decision 060): a fresh query client, a router at `path` and the
 * toasts where notifications show. Only the network is stubbed, by the test (stubApi).
 */
export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
