import { describe, expect, it } from 'vitest';
import { quantityOnCommit, quantityOnInput } from './quantity-field.ts';

describe('the cart quantity field (spec §4, §5)', () => {
  it.each([
    ['a count of 1 or more applies at once', '3', { kind: 'set', count: 3 }],
    ['1 is the minimum that applies', '1', { kind: 'set', count: 1 }],
    ['0 waits for the field to be left', '0', { kind: 'keep' }],
    ['blank waits for the field to be left', '', { kind: 'keep' }],
    ['not a number changes nothing', '2a', { kind: 'keep' }],
    ['a negative number changes nothing', '-2', { kind: 'keep' }],
  ] as const)('while typing: %s', (_case, raw, outcome) => {
    expect(quantityOnInput(raw)).toEqual(outcome);
  });

  it.each([
    ['0 removes the line', '0', { kind: 'remove' }],
    ['blank removes the line', '  ', { kind: 'remove' }],
    ['a count confirms it', '12', { kind: 'set', count: 12 }],
    ['not a number puts the count back', 'x', { kind: 'keep' }],
    ['a negative number puts the count back', '-1', { kind: 'keep' }],
  ] as const)('on leaving the field or Enter: %s', (_case, raw, outcome) => {
    expect(quantityOnCommit(raw)).toEqual(outcome);
  });
});
