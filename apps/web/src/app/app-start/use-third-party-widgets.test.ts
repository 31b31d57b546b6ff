import { NO_WIDGETS } from '@mandado/shared/third-party-widgets';
import { describe, expect, it } from 'vitest';
import { anyWidgetConfigured } from './use-third-party-widgets.ts';

describe('anyWidgetConfigured', () => {
  it('is false with nothing configured (the loader is then never imported) and true with one widget', () => {
    expect(anyWidgetConfigured(NO_WIDGETS)).toBe(false);
    expect(anyWidgetConfigured(undefined)).toBe(false);
    expect(anyWidgetConfigured({ ...NO_WIDGETS, ads_id: 'AW-123456789' })).toBe(true);
  });
});
