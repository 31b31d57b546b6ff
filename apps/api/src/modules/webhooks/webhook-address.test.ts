import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, webhookUrlProblem } from './webhook-address.ts';

const production = { allowLoopback: false };

describe('the webhook address guard', () => {
  it('judges an IPv4 address an IPv6 one carries: mapped, NAT64 and 6to4', () => {
    for (const address of [
      // IPv4-mapped, in dotted and in hex form.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:192.168.1.1',
      // NAT64, the well-known prefix and the local-use one.
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::7f00:1',
      // 6to4 of 10.0.0.1, 192.168.0.1 and 127.0.0.1.
      '2002:a00:1::',
      '2002:c0a8:1::1',
      '2002:7f00:1:1::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::ffff:1.1.1.1', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '2002:101:101::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(isLoopbackAddress('::ffff:7f00:1')).toBe(true);
    expect(isLoopbackAddress('::ffff:8.8.8.8')).toBe(false);
  });

  it('reads decimal, octal and hex IPv4 in a URL as the address they are, and refuses them as bare text', () => {
    for (const url of [
      'https://2130706433/hooks', // 127.0.0.1
      'https://0177.0.0.1/hooks',
      'https://0x7f.1/hooks',
      'https://0x7f000001/hooks',
      'https://017700000001/hooks',
      'https://167772161/hooks', // 10.0.0.1
      'https://0xa9.0xfe.0xa9.0xfe/hooks', // 169.254.169.254
      'https://0300.0250.1.1/hooks', // 192.168.1.1
      'https://[::ffff:0x7f.1]/hooks',
    ]) {
      expect(webhookUrlProblem(url, production), url).toBe(url.includes('[') ? 'invalid' : 'not_public');
    }
    expect(webhookUrlProblem('https://134744072/hooks', production)).toBeNull(); // 8.8.8.8
    expect(webhookUrlProblem('https://0x8.0x8.0x8.0x8/hooks', production)).toBeNull();
    // What a resolver hands the worker is always dotted decimal: any other text is not an address to call.
    for (const text of ['2130706433', '0177.0.0.1', '0x7f.1', '134744072', '010.0.0.1']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});
