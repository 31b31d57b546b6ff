// biome-ignore-all assist/source/organizeImports: the import order is the shell bundle's module order, kept as it was before the query client moved to web-kit (sorted first, it put the query client between React and React DOM: 0.6 KiB more gzip).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { seedPageData } from './app/app-start/page-data.ts';
import { prefetchStartData } from './app/app-start/prefetch-start-data.ts';
import { preloadPageChunk } from './app/router.tsx';
import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import { useAppStore } from './state/app-store.ts';
import '@mandado/web-kit/styles/global.css';

const queryClient = createQueryClient();
// The data the server put in the page first, so the prefetches below find it and do not ask again.
seedPageData(queryClient);
// Start the app-start calls now, so they run while the route chunks download.
prefetchStartData(queryClient, useAppStore.getState().city);
preloadPageChunk(window.location.pathname);

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition makes the first render interruptible: React yields to the browser every few milliseconds
  // instead of blocking the main thread for the whole tree (Lighthouse TBT, decision 017).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
