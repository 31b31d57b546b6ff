import { NO_WIDGETS } from '@mandado/shared/third-party-widgets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectWidgets } from './third-party-widgets.ts';

/** Just enough of a document for the loader (the web project runs in Node, without a DOM). */
function fakeDocument() {
  const scripts: Array<Record<string, unknown> & { dataset: Record<string, string> }> = [];
  const doc = {
    scripts,
    querySelector: (selector: string) => {
      const name = /data-widget="([^"]+)"/.exec(selector)?.[1];
      return scripts.find((script) => script.dataset.widget === name) ?? null;
    },
    createElement: () => ({ dataset: {} }),
    head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
  };
  return doc;
}

beforeEach(() => {
  vi.stubGlobal('window', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('third-party widgets', () => {
  it('with nothing configured, adds no script', () => {
    const doc = fakeDocument();
    expect(injectWidgets(NO_WIDGETS, doc as unknown as Document)).toEqual([]);
    expect(doc.scripts).toHaveLength(0);
  });

  it('adds each configured widget once, with the vendor set-up before its script', () => {
    const doc = fakeDocument();
    const widgets = {
      ...NO_WIDGETS,
      tag_manager_id: 'GTM-ABC1234',
      chat_website_id: '8c3f2b1a-1d2e-4f5a-9b6c-7d8e9f0a1b2c',
    };
    expect(injectWidgets(widgets, doc as unknown as Document)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
      'https://client.crisp.chat/l.js',
    ]);
    expect(injectWidgets(widgets, doc as unknown as Document)).toEqual([]);
    expect(doc.scripts).toHaveLength(2);
    expect(doc.scripts[0]).toMatchObject({ async: true, crossOrigin: 'anonymous' });
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
    expect(window.CRISP_WEBSITE_ID).toBe(widgets.chat_website_id);
  });

  it('the ads tag queues its config through gtag', () => {
    injectWidgets({ ...NO_WIDGETS, ads_id: 'AW-123456789' }, fakeDocument() as unknown as Document);
    expect(typeof window.gtag).toBe('function');
    const queued = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(queued).toContainEqual(['config', 'AW-123456789']);
  });
});
