import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../state/app-store.ts';

// The panel brings react-hook-form and zod; they load only when a shopper opens it.
const NotMyCityPanel = lazy(
  lazyWithReload(() =>
    import('../../features/locations/not-my-city-panel.tsx').then((module) => ({
      default: module.NotMyCityPanel,
    })),
  ),
);

export function NotMyCityHost() {
  const open = useAppStore((state) => state.notMyCityOpen);
  const setOpen = useAppStore((state) => state.setNotMyCityOpen);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="overlay-loading">
          <Spinner label="Cargando" />
        </div>
      }
    >
      <NotMyCityPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
