import type { AdminOrderLine } from '@mandado/shared/admin-orders.schemas';
import { describe, expect, it } from 'vitest';
import {
  lineUnitsRefundMinor,
  moveNeedsReason,
  orderFiltersFrom,
  orderFiltersQuery,
  parseAmountInput,
  refundDestinations,
} from './admin-orders-text.ts';

describe('admin orders text (issue 19)', () => {
  it('keeps only known, non-empty filters, in the URL order', () => {
    const filters = orderFiltersFrom(
      new URLSearchParams('method=bank_transfer&x=1&q=&payment_status=pending'),
    );
    expect(filters).toEqual({ method: 'bank_transfer', payment_status: 'pending' });
    expect(orderFiltersQuery(filters).toString()).toBe('payment_status=pending&method=bank_transfer');
  });

  it('asks a reason where the transition table does', () => {
    expect(moveNeedsReason('approved', 'rejected')).toBe(true);
    expect(moveNeedsReason('in_transit', 'delivered')).toBe(true);
    expect(moveNeedsReason('approved', 'preparing_to_delivery')).toBe(false);
  });

  it('reads typed amounts with a comma or a dot', () => {
    expect(parseAmountInput('12,5')).toBe('12.50');
    expect(parseAmountInput(' 3.99 ')).toBe('3.99');
    expect(parseAmountInput('0')).toBeNull();
    expect(parseAmountInput('abc')).toBeNull();
  });

  it('offers the destinations the payment allows', () => {
    expect(refundDestinations('card').map((item) => item.value)).toEqual(['original_payment', 'wallet']);
    expect(refundDestinations('bank_transfer').map((item) => item.value)).toEqual(['wallet', 'bank']);
  });

  it('prices units of a line as the API does, capped by what is left of it and of its store order', () => {
    const line: AdminOrderLine = {
      id: 1,
      name: 'Yerba',
      quantity: 3,
      unit_price: '3.34',
      currency: 'USD',
      total: '10.00',
      discount: '0.00',
      available_quantity: null,
      substitute_name: null,
      refunded: '3.33',
      refunded_units: 1,
      refundable: '6.67',
      refundable_units: 2,
    };
    expect(lineUnitsRefundMinor(line, 1)).toBe(333);
    expect(lineUnitsRefundMinor(line, 2)).toBe(667);
    // The store order has less left than the line: its cap wins.
    expect(lineUnitsRefundMinor({ ...line, refundable: '2.00' }, 2)).toBe(200);
  });
});
