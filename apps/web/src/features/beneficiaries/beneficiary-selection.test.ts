import { describe, expect, it } from 'vitest';
import { nextSelection } from './beneficiary-selection.ts';

describe('nextSelection (spec §4 Beneficiaries)', () => {
  it('selects the clicked item', () => {
    expect(nextSelection(null, 'a')).toBe('a');
  });

  it('moves the selection to another item', () => {
    expect(nextSelection('a', 'b')).toBe('b');
  });

  it('deselects the selected item on a second click', () => {
    expect(nextSelection('a', 'a')).toBeNull();
  });
});
