/**
 * Third-party widgets of spec §7 (a tag manager, error reporting, ads, a customer chat): each loads only when
 * its setting is configured, never in the first load of browse pages, and with nothing configured no request
 * leaves the site (issue 11, decision 027). The server's configuration names them (env), who-am-I's settings
 * carry them to the client, and the Content-Security-Policy allows exactly the configured ones' origins.
 */
export const WIDGET_NAMES = ['tag_manager_id', 'error_reporting_key', 'ads_id', 'chat_website_id'] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** The configured widgets; null means "not configured, load nothing". */
export type WidgetSettings = Record<WidgetName, string | null>;

export const NO_WIDGETS: WidgetSettings = {
  tag_manager_id: null,
  error_reporting_key: null,
  ads_id: null,
  chat_website_id: null,
};

/** Fonts and styles need nothing: helmet's policy already allows https: for both (Crisp's inline styles too). */
export type CspDirective = 'script-src' | 'connect-src' | 'img-src' | 'frame-src';

export interface WidgetDefinition {
  /** The environment variable that configures it. */
  env: string;
  /** What a valid id looks like; anything else stops the server's start. */
  pattern: RegExp;
  /** The script the browser loads. */
  scriptUrl: (id: string) => string;
  /** Origins the widget needs, from its vendor's CSP guide. */
  csp: Partial<Record<CspDirective, readonly string[]>>;
}

export const WIDGETS: Record<WidgetName, WidgetDefinition> = {
  // Google Tag Manager (developers.google.com/tag-platform/security/guides/csp).
  tag_manager_id: {
    env: 'TAG_MANAGER_ID',
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
    scriptUrl: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    csp: {
      'script-src': ['https://www.googletagmanager.com'],
      'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
      'connect-src': [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://www.googletagmanager.com',
      ],
    },
  },
  // Sentry's loader script (docs.sentry.io/platforms/javascript/install/loader/#content-security-policy).
  error_reporting_key: {
    env: 'ERROR_REPORTING_KEY',
    pattern: /^[a-f0-9]{32}$/,
    scriptUrl: (key) => `https://js.sentry-cdn.com/${key}.min.js`,
    csp: {
      'script-src': ['https://js.sentry-cdn.com', 'https://browser.sentry-cdn.com'],
      'connect-src': ['https://*.sentry.io'],
    },
  },
  // Google Ads' tag (gtag.js).
  ads_id: {
    env: 'ADS_ID',
    pattern: /^AW-\d{6,15}$/,
    scriptUrl: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    csp: {
      'script-src': ['https://www.googletagmanager.com'],
      'img-src': ['https://www.google.com', 'https://googleads.g.doubleclick.net'],
      'connect-src': ['https://www.google.com', 'https://googleads.g.doubleclick.net'],
      'frame-src': ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
    },
  },
  // Crisp's chat box (docs.crisp.chat/guides/others/whitelisting-our-systems/crisp-domain-names/).
  chat_website_id: {
    env: 'CHAT_WEBSITE_ID',
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    scriptUrl: () => 'https://client.crisp.chat/l.js',
    csp: {
      'script-src': ['https://client.crisp.chat'],
      'connect-src': [
        'https://client.crisp.chat',
        'wss://client.relay.crisp.chat',
        'https://storage.crisp.chat',
      ],
      'img-src': ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
    },
  },
};

/** The configured widgets' CSP origins, merged per directive without repeats (empty with none configured). */
export function widgetCspSources(widgets: WidgetSettings): Partial<Record<CspDirective, string[]>> {
  const merged: Partial<Record<CspDirective, string[]>> = {};
  for (const name of WIDGET_NAMES) {
    if (widgets[name] === null) continue;
    for (const [directive, origins] of Object.entries(WIDGETS[name].csp) as [
      CspDirective,
      readonly string[],
    ][]) {
      const list = merged[directive] ?? [];
      for (const origin of origins) if (!list.includes(origin)) list.push(origin);
      merged[directive] = list;
    }
  }
  return merged;
}

/**
 * Reads the widgets from the environment. An empty variable is "not configured"; a malformed one stops the
 * start, loudly, so a typo never turns into a silent missing tag.
 */
export function readWidgetSettings(env: Record<string, string | undefined>): WidgetSettings {
  const widgets: WidgetSettings = { ...NO_WIDGETS };
  for (const name of WIDGET_NAMES) {
    const value = env[WIDGETS[name].env]?.trim();
    if (!value) continue;
    if (!WIDGETS[name].pattern.test(value)) {
      throw new Error(`${WIDGETS[name].env} is not valid: ${value}`);
    }
    widgets[name] = value;
  }
  return widgets;
}
