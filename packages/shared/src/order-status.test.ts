import { describe, expect, it } from 'vitest';
import {
  nextStatuses,
  STORE_ORDER_STATUSES,
  STORE_ORDER_TRANSITIONS,
  transitionRefusal,
} from './order-status.ts';

const base = { actor: 'merchant' as const, reason: '', paymentStatus: 'paid' as const };

describe('store order transitions', () => {
  it('lets staff walk an order from approved to delivered', () => {
    expect(transitionRefusal({ ...base, from: 'approved', to: 'preparing_to_delivery' })).toBeNull();
    expect(transitionRefusal({ ...base, from: 'preparing_to_delivery', to: 'ready_to_delivery' })).toBeNull();
    expect(transitionRefusal({ ...base, from: 'ready_to_delivery', to: 'in_transit' })).toBeNull();
    expect(
      transitionRefusal({
        ...base,
        actor: 'courier',
        from: 'in_transit',
        to: 'delivered',
        codeChecked: true,
      }),
    ).toBeNull();
  });

  it('reaches delivered only with the delivery code, or by an operator with a reason', () => {
    for (const actor of ['merchant', 'courier'] as const) {
      expect(transitionRefusal({ ...base, actor, from: 'ready_to_delivery', to: 'delivered' })).toBe(
        'code_required',
      );
      expect(
        transitionRefusal({ ...base, actor, from: 'ready_to_delivery', to: 'delivered', codeChecked: true }),
      ).toBeNull();
    }
    expect(transitionRefusal({ ...base, actor: 'operator', from: 'in_transit', to: 'delivered' })).toBe(
      'reason_required',
    );
    expect(
      transitionRefusal({ ...base, actor: 'operator', from: 'in_transit', to: 'delivered', reason: 'Llamé' }),
    ).toBeNull();
    expect(nextStatuses('ready_to_delivery', 'merchant')).not.toContain('delivered');
    expect(nextStatuses('ready_to_delivery', 'merchant', { withCode: true })).toContain('delivered');
    expect(nextStatuses('in_transit', 'courier', { withCode: true })).toEqual([
      'delivered',
      'delivery_attempt',
    ]);
  });

  it('sends a second failed delivery to operators', () => {
    expect(nextStatuses('delivery_attempt', 'operator')).toContain('warning');
    expect(transitionRefusal({ ...base, actor: 'system', from: 'delivery_attempt', to: 'warning' })).toBe(
      'reason_required',
    );
  });

  it('refuses edges that are not in the table, and anything out of a terminal status', () => {
    expect(transitionRefusal({ ...base, from: 'pending', to: 'delivered' })).toBe('not_allowed');
    expect(transitionRefusal({ ...base, from: 'approved', to: 'pending' })).toBe('not_allowed');
    for (const to of STORE_ORDER_STATUSES) {
      expect(transitionRefusal({ ...base, actor: 'operator', from: 'rejected', to })).toBe('not_allowed');
      expect(transitionRefusal({ ...base, actor: 'operator', from: 'fulfilled', to })).toBe('not_allowed');
    }
  });

  it('approves only a paid order, and a merchant cannot approve a pending one by hand', () => {
    expect(
      transitionRefusal({
        ...base,
        actor: 'system',
        from: 'pending',
        to: 'approved',
        paymentStatus: 'pending',
      }),
    ).toBe('payment_required');
    expect(transitionRefusal({ ...base, from: 'pending', to: 'approved' })).toBe('actor_not_allowed');
    expect(transitionRefusal({ ...base, actor: 'system', from: 'pending', to: 'approved' })).toBeNull();
  });

  it('needs a reason to reject, warn or report a failed delivery', () => {
    expect(transitionRefusal({ ...base, from: 'approved', to: 'rejected' })).toBe('reason_required');
    expect(transitionRefusal({ ...base, from: 'approved', to: 'rejected', reason: '  ' })).toBe(
      'reason_required',
    );
    expect(transitionRefusal({ ...base, from: 'approved', to: 'rejected', reason: 'Sin stock' })).toBeNull();
    expect(transitionRefusal({ ...base, from: 'ready_to_delivery', to: 'delivery_attempt' })).toBe(
      'reason_required',
    );
  });

  it('offers each actor only the edges it may take', () => {
    expect(nextStatuses('pending', 'merchant')).toEqual(['warning', 'rejected']);
    expect(nextStatuses('delivered', 'merchant')).toEqual([]);
    expect(nextStatuses('delivered', 'operator')).toEqual(['fulfilled']);
  });

  it('lists every status in the table', () => {
    expect(Object.keys(STORE_ORDER_TRANSITIONS).sort()).toEqual([...STORE_ORDER_STATUSES].sort());
  });
});
