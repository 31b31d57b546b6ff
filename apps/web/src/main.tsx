// biome-ignore-all assist/source/organizeImports: the import order is the shell bundle's module order, kept as it was before the query client moved to web-kit (sorted first, it put the query client between React and React DOM: 0.6 KiB more gzip).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { seedPageData } from './app/app-start/page-data.ts';
import { prefetchStartData } from './app/app-start/prefetch-start-data.ts';
import { preloadPageChunk, preloadRouteModules } from './app/router.tsx';
import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import { applyStoredChoices, useAppStore } from './state/app-store.ts';
import { markHydrated, whenHydrated } from './state/hydration.ts';
import { afterYield } from './lib/after-yield.ts';
import '@mandado/web-kit/styles/global.css';

const queryClient = createQueryClient();

const container = document.getElementById('root');

if (container?.firstElementChild) {
  void hydrateServerMarkup(container);
} else {
  // The data the server put in the page first, so the prefetches below find it and do not ask again.
  seedPageData(queryClient);
  // Nothing to hydrate: the stored choices are the first render's, and what waits for hydration may start.
  applyStoredChoices();
  markHydrated();
  // Start the app-start calls now, so they run while the route chunks download.
  prefetchStartData(queryClient, useAppStore.getState().city);
  preloadPageChunk(window.location.pathname);
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
}

/**
 * The page's markup came from the server (decision 079): hydrate it once its layout and page chunks are
 * here, so it hydrates without suspending. The start data is asked for only once hydration is committed: an
 * answer arriving before would make the hydrating render read another cache than the server's (the
 * currency's select, the banner), a mismatch that throws the markup away (state/hydration.ts).
 */
async function hydrateServerMarkup(root: HTMLElement): Promise<void> {
  // Once hydrated, each in a task of its own (decision 086): the stored city, store and currency (a
  // synchronous re-render of what reads them: zustand updates cannot be time-sliced), then the start data.
  whenHydrated(() =>
    afterYield(() => {
      applyStoredChoices();
      afterYield(() => prefetchStartData(queryClient, useAppStore.getState().city));
    }),
  );
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  const loaded = await preloadRouteModules(window.location.pathname).catch(() => null);
  // The embedded data is parsed into the cache in a task of its own, not in the shell's evaluation, which is
  // the longest task left on a hydrated page (decision 086); the markup is already on screen meanwhile.
  afterYield(() => {
    seedPageData(queryClient);
    if (loaded) {
      // In a transition the root's hydration is time-sliced like the routes' boundary is (decision 086): React
      // yields every few milliseconds instead of hydrating the providers, header and layout in one long task.
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return;
    }
    // A chunk that cannot load: render from scratch, the routes then reload once (lazyWithReload).
    applyStoredChoices();
    root.replaceChildren();
    createRoot(root).render(app);
  });
}
