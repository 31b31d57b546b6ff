/**
 * Third-party widgets of spec §7 (a tag manager, error reporting, ads, a customer chat): each loads only when
 * its setting is configured, never in the first load of browse pages, and with nothing configured no request
 * leaves the site (issue 11, decision 027). The server's configuration names them (env), who-am-I's settings
 * carry them to the client, and the Content-Security-Policy allows exactly the configured ones' origins.
 */
export const widgetSettingsSchemaShape = {
  /** Google Tag Manager container, "GTM-XXXXXXX". */
  tag_manager_id: /^GTM-[A-Z0-9]{4,12}$/,
  /** Sentry's loader script public key (32 hex). */
  error_reporting_key: /^[a-f0-9]{32}$/,
  /** Google Ads tag, "AW-123456789". */
  ads_id: /^AW-\d{6,15}$/,
  /** Crisp customer chat website id (a UUID). */
  chat_website_id: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
} as const;

export type WidgetName = keyof typeof widgetSettingsSchemaShape;

/** The configured widgets; null means "not configured, load nothing". */
export type WidgetSettings = Record<WidgetName, string | null>;

export const NO_WIDGETS: WidgetSettings = {
  tag_manager_id: null,
  error_reporting_key: null,
  ads_id: null,
  chat_website_id: null,
};
