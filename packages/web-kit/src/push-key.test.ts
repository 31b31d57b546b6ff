import { describe, expect, it } from 'vitest';
import { subscriptionBody, vapidKeyBytes } from './push-key.ts';

describe('vapidKeyBytes', () => {
  it('decodes URL-safe base64 without padding', () => {
    // 0xfb 0xff 0xfe: '+//+' in plain base64, '-__-' URL-safe.
    expect([...vapidKeyBytes('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...vapidKeyBytes('AQI')]).toEqual([1, 2]);
  });
});

describe('subscriptionBody', () => {
  it('keeps the endpoint and both keys', () => {
    expect(
      subscriptionBody({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
    ).toEqual({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('refuses a subscription without keys', () => {
    expect(subscriptionBody({ endpoint: 'https://push.example/1' })).toBeNull();
  });
});
