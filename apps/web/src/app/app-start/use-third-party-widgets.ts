import type { WidgetSettings } from '@mandado/shared/third-party-widgets';
import { useEffect } from 'react';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { whenIdle } from '../../lib/when-idle.ts';

export function anyWidgetConfigured(widgets: WidgetSettings | undefined): widgets is WidgetSettings {
  return widgets !== undefined && Object.values(widgets).some((value) => value !== null);
}

/**
 * Spec §7 third-party widgets (decision 027): nothing happens unless one is configured; then the loader is
 * fetched and run after the window's load event, once the browser is idle, so a browse page's first load and
 * its Lighthouse figures never include them.
 */
export function useThirdPartyWidgets(): void {
  const widgets = usePublicSettings()?.widgets;
  const configured = anyWidgetConfigured(widgets) ? widgets : null;
  useEffect(() => {
    if (!configured) return;
    let cancelIdle: (() => void) | null = null;
    let cancelled = false;
    const start = () => {
      cancelIdle = whenIdle(() => {
        void import('../../lib/third-party-widgets.ts').then((module) => {
          if (!cancelled) module.injectWidgets(configured);
        });
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      cancelIdle?.();
    };
  }, [configured]);
}
