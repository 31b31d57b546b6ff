import { describe, expect, it } from 'vitest';
import { effectiveReceipt, receiptMoveAllowed, receiptText } from './receipt.ts';

// 27/11 10:31 in Montevideo (UTC−3).
const DELIVERED = '2026-11-27T13:31:00.000Z';
const HOUR = 60 * 60 * 1000;

describe('the family answer after delivery (issue 29)', () => {
  it('awaits for 48 hours, then counts as received at the deadline', () => {
    const at = (hours: number) => new Date(new Date(DELIVERED).getTime() + hours * HOUR);
    expect(effectiveReceipt(DELIVERED, null, at(47.9))).toEqual({
      status: 'awaiting',
      at: null,
      automatic: false,
    });
    expect(effectiveReceipt(DELIVERED, null, at(48))).toEqual({
      status: 'received',
      at: '2026-11-29T13:31:00.000Z',
      automatic: true,
    });
    // A stored answer wins whatever the clock says.
    expect(effectiveReceipt(DELIVERED, { status: 'claimed', answeredAt: DELIVERED }, at(100)).status).toBe(
      'claimed',
    );
  });

  it("reads 'Rosa confirmó que recibió todo el 27/11 a las 10:31'", () => {
    expect(receiptText('Rosa', { status: 'received', at: DELIVERED, automatic: false })).toBe(
      'Rosa confirmó que recibió todo el 27/11 a las 10:31',
    );
    expect(receiptText('Rosa', { status: 'awaiting', at: null, automatic: false })).toBeNull();
  });

  it('moves only along its table', () => {
    expect(receiptMoveAllowed('awaiting', 'claimed', 'family')).toBe(true);
    expect(receiptMoveAllowed('received', 'claimed', 'family')).toBe(false);
    expect(receiptMoveAllowed('claimed', 'resolved', 'family')).toBe(false);
    expect(receiptMoveAllowed('claimed', 'resolved', 'operator')).toBe(true);
  });
});
