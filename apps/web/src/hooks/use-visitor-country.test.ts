import { describe, expect, it } from 'vitest';
import { isVisitorInUruguay } from './use-visitor-country.ts';

describe('isVisitorInUruguay (issue 30: current location only for a visitor in Uruguay)', () => {
  it('is true in Uruguay and while the country is unknown (the spec default), false abroad', () => {
    expect(isVisitorInUruguay('UY')).toBe(true);
    expect(isVisitorInUruguay(null)).toBe(true);
    expect(isVisitorInUruguay('ES')).toBe(false);
    expect(isVisitorInUruguay('US')).toBe(false);
  });
});
