import { describe, expect, it } from 'vitest';
import { clientKey, networkKey } from './rate-limit.ts';

describe('clientKey', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['not-an-ip', 'not-an-ip'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('networkKey', () => {
  it('is the /48 of an IPv6 address, written one way, and null for IPv4', () => {
    expect(networkKey('2001:db8:7:1::1')).toBe('2001:db8:7::/48');
    expect(networkKey('2001:0DB8:0007:ffff:1:2:3:4')).toBe('2001:db8:7::/48');
    expect(networkKey('::ffff:10.0.0.1')).toBeNull();
    expect(networkKey('10.0.0.1')).toBeNull();
  });
});
