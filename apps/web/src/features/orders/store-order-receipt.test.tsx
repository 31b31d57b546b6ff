import type { OrderGroup, RemitterStoreOrder } from '@mandado/shared/checkout.schemas';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { orderFigures } from '@mandado/web-kit/orders/order-figures.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { StoreOrderSection } from './store-order-section.tsx';

const DOLLARS: DisplayCurrency = {
  code: 'USD',
  symbol: 'US$',
  decimals: 2,
  rates: { USD: '1' },
  ready: true,
};

const STORE_ORDER = {
  number: 'MV-10234-1',
  store: { id: 1, name: 'Almacén La Esquina', address: 'Av. Italia 2800' },
  status: 'approved',
  status_label: 'Aprobado',
  subtotal: '12.20',
  discount: '0.00',
  shipping: '2.99',
  credit: '0.00',
  total: '15.19',
  lines: [
    {
      product_id: 1,
      name: 'Yerba Canarias 1 kg',
      image: null,
      quantity: 1,
      unit_price: '12.20',
      currency: 'USD',
      total: '12.20',
      discount: '0.00',
      substitution: 'similar',
      available_quantity: null,
      substitute: null,
    },
  ],
  history: [],
  refunds: [],
  delivery: { attempts: [], proof: null },
} as unknown as RemitterStoreOrder;

function orderWith(paymentStatus: 'pending' | 'paid'): OrderGroup {
  return {
    number: 'MV-10234',
    status: 'confirmed',
    payment_status: paymentStatus,
    delivery: 'standard',
    substitution: 'similar',
    coupon: null,
    subtotal: '12.20',
    discount: '0.00',
    shipping: '2.99',
    credit: '0.00',
    total: '15.19',
    stores: [STORE_ORDER],
  } as unknown as OrderGroup;
}

function renderSection(order: OrderGroup) {
  const figures = orderFigures(order, DOLLARS);
  const storeFigures = figures.stores[0];
  if (!storeFigures) throw new Error('no store figures');
  renderWithApp(
    <StoreOrderSection
      storeOrder={STORE_ORDER}
      figures={storeFigures}
      currency={figures.currency}
      converted={false}
      display={DOLLARS}
      order={order}
    />,
  );
}

describe("a store order's receipt link (issue 32)", () => {
  it('offers the receipt PDF once the order is paid', () => {
    renderSection(orderWith('paid'));
    const link = screen.getByRole('link', { name: 'Descargar comprobante' });
    expect(link.getAttribute('href')).toBe('/v1/orders/MV-10234/stores/MV-10234-1/receipt.pdf');
  });

  it('offers nothing while the order is unpaid', () => {
    renderSection(orderWith('pending'));
    expect(screen.queryByRole('link', { name: 'Descargar comprobante' })).toBeNull();
  });
});
