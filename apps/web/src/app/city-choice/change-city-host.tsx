import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../state/app-store.ts';

// Only a shopper who picks a different city needs the confirmation; it loads then.
const ChangeCityDialogHost = lazy(
  lazyWithReload(() =>
    import('./change-city-dialog-host.tsx').then((module) => ({ default: module.ChangeCityDialogHost })),
  ),
);

/** Spec §4: the change-city confirmation, shown while a different city waits for it. */
export function ChangeCityHost() {
  const pendingCity = useAppStore((state) => state.pendingCity);
  if (!pendingCity) return null;
  return (
    <Suspense fallback={null}>
      <ChangeCityDialogHost cityName={pendingCity.name} />
    </Suspense>
  );
}
