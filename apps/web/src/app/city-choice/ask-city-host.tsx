import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense } from 'react';
import { useCityQuestionStore } from '../../state/city-question-store.ts';

// Its own chunk: only a visitor with no city yet (a shared link, several served cities) ever needs it, so the
// shop's entry carries only this host.
const AskCity = lazy(
  lazyWithReload(() => import('./ask-city.tsx').then((module) => ({ default: module.AskCity }))),
);

/** Issue 30 item 5: the city asked at a visitor's first add to cart (AddToCartButton asks, this answers). */
export function AskCityHost() {
  const product = useCityQuestionStore((state) => state.product);
  return product ? (
    <Suspense fallback={null}>
      <AskCity product={product} />
    </Suspense>
  ) : null;
}
