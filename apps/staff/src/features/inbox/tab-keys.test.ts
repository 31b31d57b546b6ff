import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tab-keys.ts';

describe('tabIndexAfterKey', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 6)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 5, 6)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 6)).toBe(5);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(tabIndexAfterKey('Home', 3, 6)).toBe(0);
    expect(tabIndexAfterKey('End', 3, 6)).toBe(5);
    expect(tabIndexAfterKey('Enter', 3, 6)).toBeNull();
  });
});
