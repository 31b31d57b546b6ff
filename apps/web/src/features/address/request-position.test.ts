import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPosition } from './request-position.ts';

/** A browser whose geolocation answers with the given error code (1 = PERMISSION_DENIED, 3 = TIMEOUT). */
function browserFailingWith(code: number) {
  vi.stubGlobal('navigator', {
    geolocation: {
      getCurrentPosition: (_ok: unknown, fail: (error: { code: number }) => void) => fail({ code }),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Mi ubicación actual' when the browser will not tell", () => {
  it('a refused permission is told apart, so the shopper hears why (issue 16)', async () => {
    browserFailingWith(1);
    expect(await requestPosition()).toEqual({ kind: 'denied' });
  });

  it('a timeout stays a quiet failure', async () => {
    browserFailingWith(3);
    expect(await requestPosition()).toEqual({ kind: 'failed' });
  });
});
