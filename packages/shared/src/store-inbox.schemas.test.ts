import { describe, expect, it } from 'vitest';
import { base64UrlBytes, pushSubscriptionInputSchema } from './store-inbox.schemas.ts';

describe('base64UrlBytes', () => {
  it('decodes base64url, with or without padding', () => {
    expect(base64UrlBytes('AQID')).toEqual([1, 2, 3]);
    expect(base64UrlBytes('-_8')).toEqual([0xfb, 0xff]);
    expect(base64UrlBytes('AQ==')).toEqual([1]);
    expect(base64UrlBytes('B'.repeat(87))?.length).toBe(65);
  });

  it('refuses what is not base64url', () => {
    for (const value of ['A', 'AB+C', 'AB/C', 'A=BC', 'ñAAA'])
      expect(base64UrlBytes(value), value).toBeNull();
  });
});

describe('pushSubscriptionInputSchema', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

  it('takes a P-256 point (65 bytes, 0x04 first) and a 16-byte secret', () => {
    expect(pushSubscriptionInputSchema.safeParse({ endpoint, keys }).success).toBe(true);
    for (const bad of [
      { ...keys, p256dh: 'A'.repeat(87) },
      { ...keys, p256dh: 'B'.repeat(86) },
      { ...keys, auth: 'A'.repeat(20) },
    ]) {
      expect(pushSubscriptionInputSchema.safeParse({ endpoint, keys: bad }).success).toBe(false);
    }
  });

  it('counts the endpoint in UTF-8 bytes, at most 1024', () => {
    const long = (path: string) => pushSubscriptionInputSchema.safeParse({ endpoint: endpoint + path, keys });
    expect(long('a'.repeat(900)).success).toBe(true);
    expect(long('漢'.repeat(330)).success).toBe(false);
  });
});
