import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DisplayCurrencyContext } from '../../hooks/use-display-currency.ts';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { CartSummary } from './cart-details.tsx';
import type { CartTotals } from './cart-totals.ts';

const PESOS: DisplayCurrency = {
  code: 'UYU',
  symbol: '$U',
  decimals: 2,
  rates: { UYU: '40.15' },
  ready: true,
};

/** US$ 12,34 of products and US$ 2,99 of shipping, shown in pesos at 40,15. */
const TOTALS: CartTotals = {
  units: 2,
  subtotal: 49_545,
  shipping: 12_005,
  total: 61_550,
  totalUsd: 1533,
  stores: [{ storeId: 1, storeName: 'Almacén La Esquina', items: [], subtotal: 49_545, shipping: 12_005 }],
  progress: null,
  missing: null,
};

function renderSummary(totals: CartTotals, display: DisplayCurrency = PESOS) {
  return renderWithApp(
    <DisplayCurrencyContext.Provider value={display}>
      <CartSummary totals={totals} />
    </DisplayCurrencyContext.Provider>,
  );
}

describe("the cart's charge line (issue 29)", () => {
  it('shows the total in pesos, the rate used and what the card is charged in dollars', () => {
    renderSummary(TOTALS);
    expect(screen.getByText('1 US$ = 40,15 $U')).toBeTruthy();
    expect(screen.getByText('Se cobrará US$ 15,33 en tu tarjeta')).toBeTruthy();
  });

  it('says nothing of a charge before shipping is known or while the currencies load', () => {
    const unknown = renderSummary({ ...TOTALS, totalUsd: null, shipping: null, total: null });
    expect(screen.queryByText(/Se cobrará/)).toBeNull();
    unknown.unmount();
    renderSummary(TOTALS, { ...PESOS, ready: false });
    expect(screen.queryByText(/Se cobrará/)).toBeNull();
  });
});
