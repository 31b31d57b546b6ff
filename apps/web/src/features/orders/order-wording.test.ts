import { describe, expect, it } from 'vitest';
import { deliveryTimingText, nextStepText, orderStateBadge, totalLabel } from './order-wording.ts';

describe('order wording', () => {
  it('an unpaid transfer is waiting for the remitter, not "Confirmado", and its total is still to pay', () => {
    const unpaid = { status: 'confirmed', payment_status: 'pending' } as const;
    expect(orderStateBadge(unpaid)).toEqual({ label: 'Esperando tu pago', tone: 'warn' });
    expect(totalLabel(unpaid)).toBe('Total a pagar');
    const paid = { status: 'confirmed', payment_status: 'paid' } as const;
    expect(orderStateBadge(paid).label).toBe('Confirmado');
    expect(totalLabel(paid)).toBe('Total pagado');
    expect(orderStateBadge({ status: 'cancelled', payment_status: 'pending' }).label).toBe('Cancelado');
  });

  it('counts the delivery days from the payment while it is owed, and gives pick-up no delivery days', () => {
    const window = 'Entre el lunes 23 de noviembre y el martes 24 de noviembre';
    expect(deliveryTimingText({ delivery: 'standard', awaitingPayment: false, windowText: window })).toBe(
      `${window}.`,
    );
    expect(deliveryTimingText({ delivery: 'standard', awaitingPayment: true, windowText: window })).toMatch(
      /después de que recibamos tu pago/,
    );
    const pickup = deliveryTimingText({ delivery: 'pickup', awaitingPayment: false, windowText: window });
    expect(pickup).not.toMatch(/Entre el|domicilio|repartidor/);
    expect(pickup).toMatch(/Listo para entregar/);
  });

  it('says the next step of each store status in plain Spanish, none once it is over', () => {
    expect(nextStepText('approved', 'standard')).toBe('La tienda prepara los productos.');
    expect(nextStepText('ready_to_delivery', 'pickup')).toBe('Ya se puede retirar en la tienda.');
    expect(nextStepText('ready_to_delivery', 'standard')).toMatch(/repartidor/);
    expect(nextStepText('delivered', 'standard')).toBeNull();
    expect(nextStepText('rejected', 'pickup')).toBeNull();
  });
});
