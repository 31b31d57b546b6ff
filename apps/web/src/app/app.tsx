import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DisplayCurrencyProvider } from './display-currency-provider.tsx';
import { AppRoutes } from './router.tsx';

interface AppProps {
  queryClient: QueryClient;
}

export function App({ queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayCurrencyProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DisplayCurrencyProvider>
    </QueryClientProvider>
  );
}
