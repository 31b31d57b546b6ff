import { describe, expect, it } from 'vitest';
import { NO_WIDGETS, readWidgetSettings, WIDGETS, widgetCspSources } from './third-party-widgets.ts';

describe('readWidgetSettings', () => {
  it('is empty with no variables, and an empty variable is not configured', () => {
    expect(readWidgetSettings({})).toEqual(NO_WIDGETS);
    expect(readWidgetSettings({ TAG_MANAGER_ID: '  ' })).toEqual(NO_WIDGETS);
  });

  it('reads each widget from its variable', () => {
    expect(
      readWidgetSettings({
        TAG_MANAGER_ID: 'GTM-ABC1234',
        ERROR_REPORTING_KEY: 'a'.repeat(32),
        ADS_ID: 'AW-123456789',
        CHAT_WEBSITE_ID: '8c3f2b1a-1d2e-4f5a-9b6c-7d8e9f0a1b2c',
      }),
    ).toEqual({
      tag_manager_id: 'GTM-ABC1234',
      error_reporting_key: 'a'.repeat(32),
      ads_id: 'AW-123456789',
      chat_website_id: '8c3f2b1a-1d2e-4f5a-9b6c-7d8e9f0a1b2c',
    });
  });

  it('stops on a malformed id rather than loading something else', () => {
    expect(() => readWidgetSettings({ TAG_MANAGER_ID: 'GTM-x"><script>' })).toThrow(/TAG_MANAGER_ID/);
    expect(() => readWidgetSettings({ ADS_ID: 'UA-1234' })).toThrow(/ADS_ID/);
  });
});

describe('widgetCspSources', () => {
  it('adds nothing when nothing is configured', () => {
    expect(widgetCspSources(NO_WIDGETS)).toEqual({});
  });

  it('merges the configured widgets without repeating an origin', () => {
    const sources = widgetCspSources({
      ...NO_WIDGETS,
      tag_manager_id: 'GTM-ABC1234',
      ads_id: 'AW-123456789',
    });
    expect(sources['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(sources['frame-src']).toEqual(WIDGETS.ads_id.csp['frame-src']);
  });

  it('script URLs point at each vendor over https', () => {
    expect(WIDGETS.error_reporting_key.scriptUrl('f'.repeat(32))).toBe(
      `https://js.sentry-cdn.com/${'f'.repeat(32)}.min.js`,
    );
    expect(WIDGETS.tag_manager_id.scriptUrl('GTM-ABC1234')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
    );
  });
});
