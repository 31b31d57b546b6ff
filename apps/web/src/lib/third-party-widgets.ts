import {
  WIDGET_NAMES,
  WIDGETS,
  type WidgetName,
  type WidgetSettings,
} from '@mandado/shared/third-party-widgets';

/**
 * Injects the configured third-party widgets (decision 027). This module is imported on demand, only when at
 * least one widget is configured, and only after the page has loaded and gone idle (use-third-party-widgets.ts),
 * so none of it is part of a browse page's first load.
 */
declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

/** Each widget's set-up before its script arrives, as its vendor's snippet does, without inline scripts. */
const PREPARE: Record<WidgetName, (id: string) => void> = {
  tag_manager_id: () => {
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  },
  ads_id: (id) => {
    window.dataLayer ??= [];
    // gtag.js reads Arguments objects from the data layer, not arrays: the vendor's own shape.
    window.gtag ??= function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js needs the Arguments object itself.
      window.dataLayer?.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', id);
  },
  error_reporting_key: () => {},
  chat_website_id: (id) => {
    window.$crisp ??= [];
    window.CRISP_WEBSITE_ID = id;
  },
};

/** Adds each configured widget's script once; answers the script URLs it added. */
export function injectWidgets(widgets: WidgetSettings, doc: Document = document): string[] {
  const added: string[] = [];
  for (const name of WIDGET_NAMES) {
    const id = widgets[name];
    if (id === null) continue;
    const src = WIDGETS[name].scriptUrl(id);
    if (doc.querySelector(`script[data-widget="${name}"]`)) continue;
    PREPARE[name](id);
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.dataset.widget = name;
    doc.head.append(script);
    added.push(src);
  }
  return added;
}
