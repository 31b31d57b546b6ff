import { moneyText } from '@mandado/shared/money-text';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { useId, useState } from 'react';
import { displayCheckout } from './checkout-display.ts';
import type { CheckoutPricing } from './checkout-pricing.ts';

/** Wide screens have room beside the steps: the detail starts open there, folded on a phone's bottom bar. */
const WIDE_QUERY = '(min-width: 813px)';

function startsOpen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE_QUERY).matches
    : true;
}

/**
 * The order beside every step, from 'Contacto' on (issue 16): each store's lines and shipping, and the total,
 * priced by the same rule 'Revisar Pedido' and the server use, so the shopper knows what they pay before
 * typing anything.
 */
export function CheckoutSummary({
  pricing,
  display,
}: {
  pricing: CheckoutPricing;
  display: DisplayCurrency;
}) {
  const ids = useId();
  const [open, setOpen] = useState(startsOpen);
  const shown = displayCheckout(pricing, display);
  const money = (minor: number) => moneyText(minor, shown.currency);
  const count = pricing.stores.reduce(
    (sum, store) => sum + store.lines.reduce((lines, line) => lines + line.item.count, 0),
    0,
  );
  return (
    <details className="checkout-summary" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="checkout-summary__toggle">
        Resumen del pedido ({count} {count === 1 ? 'producto' : 'productos'})
      </summary>
      {pricing.stores.map((store, storeIndex) => {
        const shownStore = shown.stores[storeIndex];
        if (!shownStore) return null;
        const titleId = `${ids}-store-${store.storeId}`;
        return (
          <section key={store.storeId} className="checkout-summary__store" aria-labelledby={titleId}>
            <h3 id={titleId} className="checkout-summary__store-name">
              {store.storeName}
            </h3>
            <ul className="checkout-summary__lines">
              {store.lines.map((line, lineIndex) => (
                <li key={line.item.product.id} className="checkout-summary__line">
                  <span>
                    {line.item.product.name} × {line.item.count}
                  </span>
                  <span>{money(shownStore.lines[lineIndex]?.total ?? 0)}</span>
                </li>
              ))}
              <li className="checkout-summary__line checkout-summary__line--shipping">
                <span>Envío</span>
                <span>{shownStore.shipping === 0 ? 'Gratis' : money(shownStore.shipping)}</span>
              </li>
            </ul>
          </section>
        );
      })}
    </details>
  );
}
