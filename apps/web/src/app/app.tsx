import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { DisplayCurrencyProvider } from './display-currency-provider.tsx';
import { AppRoutes } from './router.tsx';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The router around the routes: the browser's, or the server entry's static one (decision 079). */
  router: (routes: ReactNode) => ReactNode;
}

/** The shop's tree around a router; the browser and the server entry render the same one. */
export function AppProviders({ queryClient, router }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayCurrencyProvider>{router(<AppRoutes />)}</DisplayCurrencyProvider>
    </QueryClientProvider>
  );
}

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App({ queryClient }: { queryClient: QueryClient }) {
  return <AppProviders queryClient={queryClient} router={browserRouter} />;
}
