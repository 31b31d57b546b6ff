import type { Refund } from '@mandado/shared/refund.schemas';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { describe, expect, it } from 'vitest';
import {
  attemptText,
  deliveredText,
  deliveryCodeHint,
  lineChangeText,
  paymentChip,
  refundedFigure,
  refundFigure,
  usdFigure,
} from './order-fulfilment.ts';

const PESOS: DisplayCurrency = {
  code: 'UYU',
  symbol: '$U',
  decimals: 2,
  rates: { USD: '1', UYU: '40' },
  ready: true,
};

describe('deliveredText', () => {
  it('says when (Montevideo time) and who received it', () => {
    expect(deliveredText({ delivered_at: '2026-11-25T18:40:00Z', received_by: 'Ana' })).toBe(
      'Entregado el 25 de noviembre a las 15:40 · Recibió: Ana',
    );
  });

  it('leaves out an empty name', () => {
    expect(deliveredText({ delivered_at: '2026-11-25T18:40:00Z', received_by: ' ' })).toBe(
      'Entregado el 25 de noviembre a las 15:40',
    );
  });
});

describe('attemptText', () => {
  it('gives the reason and the time', () => {
    expect(attemptText({ reason_label: 'Nadie en casa', at: '2026-11-25T17:10:00Z' })).toBe(
      'Intento de entrega · Nadie en casa · 25/11 14:10',
    );
  });
});

describe('lineChangeText', () => {
  it.each([
    [{ quantity: 5, available_quantity: null, substitute: null }, null],
    [{ quantity: 5, available_quantity: 0, substitute: null }, 'No disponible'],
    [{ quantity: 5, available_quantity: 3, substitute: null }, '3 de 5'],
    [
      { quantity: 5, available_quantity: 0, substitute: { name: 'Yerba Canarias' } },
      'Reemplazado por Yerba Canarias',
    ],
    [
      { quantity: 5, available_quantity: 3, substitute: { name: 'Yerba Canarias' } },
      '3 de 5 · el resto, reemplazado por Yerba Canarias',
    ],
  ])('%o reads %s', (line, expected) => {
    expect(lineChangeText(line)).toBe(expected);
  });
});

describe('paymentChip', () => {
  it('says the payment status while nothing came back', () => {
    expect(
      paymentChip({
        status: 'confirmed',
        payment_status: 'paid',
        refund_status: 'none',
        refund_status_label: 'Sin reembolsos',
      }),
    ).toEqual({ label: 'Pagado', tone: 'success' });
  });

  it('says partly or fully refunded from the API', () => {
    expect(
      paymentChip({
        status: 'confirmed',
        payment_status: 'paid',
        refund_status: 'partial',
        refund_status_label: 'Reembolsado en parte',
      }),
    ).toEqual({ label: 'Reembolsado en parte', tone: 'neutral' });
    expect(
      paymentChip({
        status: 'confirmed',
        payment_status: 'paid',
        refund_status: 'full',
        refund_status_label: 'Reembolsado',
      }).label,
    ).toBe('Reembolsado');
  });
});

describe('usdFigure', () => {
  it('keeps dollars when the page shows dollars', () => {
    expect(usdFigure('12.50', { converted: false }, PESOS)).toEqual({
      minor: 1250,
      currency: { code: 'USD' },
      dollars: null,
    });
  });

  it('converts to the display currency and keeps the dollars to quote', () => {
    expect(usdFigure('12.50', { converted: true }, PESOS)).toEqual({
      minor: 50000,
      currency: PESOS,
      dollars: 1250,
    });
  });

  it('falls back to dollars without a rate', () => {
    expect(usdFigure('12.50', { converted: true }, { ...PESOS, rates: { USD: '1' } }).currency).toEqual({
      code: 'USD',
    });
  });
});

describe('refundFigure (issue 31)', () => {
  // Paid at 40,15; today's rate on the page is 40: the refund keeps the figure of the payment.
  const refund: Refund = {
    id: 1,
    store_order_number: 'MV-10300-1',
    line_name: 'Asado',
    amount: '5.92',
    display_amount: '238.00',
    display_currency: 'UYU',
    display_rate: '40.15000000',
    reason: 'line_unavailable',
    reason_label: 'Producto no disponible',
    destination: 'wallet',
    destination_label: 'Crédito',
    status: 'succeeded',
    status_label: 'Reembolsado',
    created: '2026-11-25T15:00:00Z',
    settled: '2026-11-25T15:00:00Z',
  };

  it('shows the refund in the pesos paid, with the dollars and the rate of the payment', () => {
    expect(refundFigure(refund, { converted: true }, PESOS)).toEqual({
      minor: 23800,
      currency: PESOS,
      dollars: 592,
      rateText: '1 US$ = 40,15 $U',
    });
  });

  it('converts at the current rate only a refund without its own figure; a dollar page keeps dollars', () => {
    expect(refundFigure({ ...refund, display_amount: null }, { converted: true }, PESOS).minor).toBe(23680);
    expect(refundFigure(refund, { converted: false }, PESOS)).toMatchObject({ minor: 592, dollars: null });
  });

  it('sums the own figures of the refunds for the order, so the total agrees with the list', () => {
    const order = { refunded: '5.92', stores: [{ refunds: [refund] }] };
    expect(refundedFigure(order, { converted: true }, PESOS).minor).toBe(23800);
  });
});

describe('deliveryCodeHint', () => {
  it('tells the beneficiary what to do with the code', () => {
    expect(deliveryCodeHint('standard')).toBe('dáselo a quien te entregue el pedido');
    expect(deliveryCodeHint('pickup')).toBe('muéstralo en la tienda al retirar el pedido');
  });
});
