import { describe, expect, it } from 'vitest';
import { homePath, loginPathFor, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeNextPath('/user/orders')).toBe('/user/orders');
    expect(safeNextPath('/Super/products?orden=precio')).toBe('/Super/products?orden=precio');
  });

  it('refuses other sites and odd values', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('//evil.example/')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('user')).toBeNull();
  });

  it('refuses paths that normalise to another host (dot segments, encoded dots, backslashes)', () => {
    for (const raw of ['/.//x', '/..//x', '/%2e//x', '/%2E%2E//x', '/./\\x', '/.//example.com/a?b=1']) {
      expect(safeNextPath(raw), raw).toBeNull();
    }
    // A path that merely contains dot segments is still fine once resolved.
    expect(safeNextPath('/user/./orders')).toBe('/user/orders');
  });

  it('refuses the auth pages themselves', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/register?referral_token=x')).toBeNull();
    expect(safeNextPath('/password-reset')).toBeNull();
  });
});

describe('homePath and loginPathFor', () => {
  it('goes to the stores with a city, else to the city screen', () => {
    expect(homePath(true)).toBe('/stores');
    expect(homePath(false)).toBe('/');
  });

  it('builds the login address that brings the shopper back', () => {
    expect(loginPathFor('/user/wallet')).toBe('/login?next=%2Fuser%2Fwallet');
    expect(safeNextPath(new URLSearchParams(loginPathFor('/user', '?a=1').split('?')[1]).get('next'))).toBe(
      '/user?a=1',
    );
  });
});
