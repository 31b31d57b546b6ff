import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { type ComponentType, createElement, lazy, useState } from 'react';

type LazyNamed<P extends object> = ComponentType<P> & {
  /** Starts the download early (a card opens: a dialog may follow); a failure is left to the real render. */
  preload: () => void;
};

/**
 * A named export of a module that loads on its first render (React.lazy: put it under a Suspense boundary),
 * so a page's first load never carries what only a route, a dialog or a form needs — the staff app's forms
 * bring zod and react-hook-form (issue 17's 150 KiB budget). A failed chunk reloads the page once
 * (lazy-with-reload). Once the module is in, a new mount renders the component at once: React.lazy would
 * still show the fallback for a frame.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyNamed<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy: ComponentType<P> = lazy(
    lazyWithReload(async () => {
      const component: ComponentType<P> = (await load())[name];
      loaded = component;
      return { default: component };
    }),
  );

  function LazyComponent(props: P) {
    // Fixed for the life of this mount: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }

  return Object.assign(LazyComponent, {
    preload() {
      load().then(
        (module) => {
          loaded ??= module[name];
        },
        () => undefined,
      );
    },
  });
}
