import { describe, expect, it } from 'vitest';
import { GROUP_REFUND_STATUS_LABELS, groupRefundStatus } from './order-refund-status.ts';

describe('groupRefundStatus', () => {
  it.each([
    [0, 2500, 'none'],
    [1, 2500, 'partial'],
    [2499, 2500, 'partial'],
    [2500, 2500, 'full'],
    [2600, 2500, 'full'],
    [500, 0, 'full'],
    [0, 0, 'none'],
  ] as const)('%i of %i refunded is %s', (refunded, paid, expected) => {
    expect(groupRefundStatus(refunded, paid)).toBe(expected);
  });

  it('labels the chip in Spanish', () => {
    expect(GROUP_REFUND_STATUS_LABELS.partial).toBe('Reembolsado en parte');
    expect(GROUP_REFUND_STATUS_LABELS.full).toBe('Reembolsado');
  });
});
