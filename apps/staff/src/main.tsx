import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import '@mandado/web-kit/styles/global.css';
import './styles/staff.css';

const queryClient = createQueryClient();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
