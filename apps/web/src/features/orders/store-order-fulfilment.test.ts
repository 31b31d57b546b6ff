import type { RemitterStoreOrder } from '@mandado/shared/checkout.schemas';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeliveryBlock, RefundsBlock } from './store-order-fulfilment.tsx';

const DOLLARS: DisplayCurrency = {
  code: 'USD',
  symbol: 'US$',
  decimals: 2,
  rates: { USD: '1' },
  ready: true,
};

const storeOrder: Pick<RemitterStoreOrder, 'number' | 'store' | 'delivery' | 'refunds'> = {
  number: 'MV-10300-1',
  store: { id: 1, name: 'Almacén Uno', address: 'Av. Italia 2800' },
  delivery: {
    attempts: [
      { reason: 'nobody_home', reason_label: 'Nadie en casa', note: '', at: '2026-11-25T17:10:00Z' },
    ],
    proof: {
      delivered_at: '2026-11-25T18:40:00Z',
      received_by: 'Ana',
      photo_url: '/v1/orders/MV-10300/store-orders/MV-10300-1/proof-photo',
    },
  },
  refunds: [
    {
      id: 7,
      store_order_number: 'MV-10300-1',
      line_name: 'Leche entera 1 L',
      amount: '20.00',
      display_amount: null,
      display_currency: 'USD',
      display_rate: null,
      reason: 'line_unavailable',
      reason_label: 'Producto no disponible',
      destination: 'original_payment',
      destination_label: 'Al medio de pago original',
      status: 'succeeded',
      status_label: 'Reembolsado',
      created: '2026-11-25T15:00:00Z',
      settled: '2026-11-25T15:01:00Z',
    },
  ],
};

describe('DeliveryBlock', () => {
  it('shows the attempts, then when and who received it, and the photo (lazy, with its alt text)', () => {
    const html = renderToStaticMarkup(createElement(DeliveryBlock, { storeOrder }));
    expect(html).toContain('>Entrega</h4>');
    expect(html).toContain('Intento de entrega · Nadie en casa · 25/11 14:10');
    expect(html).toContain('Entregado el 25 de noviembre a las 15:40 · Recibió: Ana');
    expect(html).toMatch(/<img[^>]*src="\/v1\/orders\/MV-10300\/store-orders\/MV-10300-1\/proof-photo"/);
    expect(html).toMatch(/<img[^>]*alt="Foto de la entrega"/);
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
  });

  it('is absent before anything happened', () => {
    const html = renderToStaticMarkup(
      createElement(DeliveryBlock, {
        storeOrder: { ...storeOrder, delivery: { attempts: [], proof: null } },
      }),
    );
    expect(html).toBe('');
  });
});

describe('RefundsBlock', () => {
  it('lists each refund with its amount, why, where it goes, its status and date', () => {
    const html = renderToStaticMarkup(
      createElement(RefundsBlock, { storeOrder, figures: { converted: false }, display: DOLLARS }),
    );
    expect(html).toContain('>Reembolsos</h4>');
    expect(html).toContain('US$');
    expect(html).toContain('20,00');
    expect(html).toContain('Producto no disponible: Leche entera 1 L');
    expect(html).toContain('Al medio de pago original');
    expect(html).toContain('>Reembolsado<');
    expect(html).toContain('25 de noviembre de 2026');
  });
});
