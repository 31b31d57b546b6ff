import { parseMoney } from '@mandado/shared/money';
import { rateText, shownLineIn } from '@mandado/shared/money-text';
import { effectivePrice } from '@mandado/shared/product-price';
import type { TouchEvent } from 'react';
import { ChargeLine } from '../../components/charge-line.tsx';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import type { CartItem } from '../../state/cart/cart-machine.ts';
import { itemNumber } from './cart-format.ts';
import { TrashIcon } from './cart-icons.tsx';
import { formatDisplayMinor } from './cart-money.ts';
import type { CartTotals } from './cart-totals.ts';
import { FreeShippingBar } from './free-shipping-bar.tsx';
import { QuantityStepper } from './quantity-input.tsx';
import './cart-details.css';

function CartRow({ item, index }: { item: CartItem; index: number }) {
  const dispatch = useAppStore((state) => state.cartDispatch);
  const display = useDisplayCurrency();
  const { product } = item;
  // The shown unit price × the quantity (decision 034): the row reads "2 × US$ 1,54 = US$ 3,08".
  const lineTotal = display.ready
    ? formatDisplayMinor(
        shownLineIn(
          parseMoney(effectivePrice(product)),
          item.count,
          product.currency,
          display,
          display.rates,
        ),
        display,
      )
    : '—';
  return (
    <tr className="cart-row">
      <td className="cart-row__number">{itemNumber(index)}</td>
      <td className="cart-row__product">
        <div className="cart-row__product-inner">
          <span className="cart-row__media">
            <FallbackImage src={product.images[0]} alt="" width={56} height={56} />
          </span>
          <span className="cart-row__text">
            <span className="cart-row__name">{product.name}</span>
            <span className="cart-row__store">{product.store_name}</span>
          </span>
        </div>
      </td>
      <td className="cart-row__price" data-label="Precio">
        <PriceTag product={product} size="small" />
      </td>
      <td className="cart-row__quantity" data-label="Cantidad">
        <QuantityStepper item={item} />
      </td>
      <td className="cart-row__total" data-label="Total">
        {lineTotal}
      </td>
      <td className="cart-row__delete">
        <button
          type="button"
          className="icon-button cart-row__delete-button"
          aria-label={`Eliminar ${product.name} del carrito`}
          onClick={() => dispatch({ type: 'remove', productId: product.id })}
        >
          <TrashIcon size={18} />
        </button>
      </td>
    </tr>
  );
}

/** Subtotal, shipping per store (spec §1: per store) and the total. */
export function CartSummary({ totals }: { totals: CartTotals }) {
  const display = useDisplayCurrency();
  const rate = display.ready ? rateText(display, display.rates) : null;
  return (
    <dl className="cart-summary">
      <div className="cart-summary__row">
        <dt>Subtotal</dt>
        <dd>{formatDisplayMinor(totals.subtotal, display)}</dd>
      </div>
      {totals.stores.map((store) => (
        <div className="cart-summary__row cart-summary__row--store" key={store.storeId}>
          <dt>Envío · {store.storeName}</dt>
          <dd>{store.shipping === 0 ? 'Gratis' : formatDisplayMinor(store.shipping, display)}</dd>
        </div>
      ))}
      <div className="cart-summary__row cart-summary__row--total">
        <dt>Total</dt>
        <dd>{formatDisplayMinor(totals.total, display)}</dd>
      </div>
      {rate ? (
        // Issue 29: the rate the shown total used, from the cart onwards ('1 US$ = 40,15 $U').
        <div className="cart-summary__row cart-summary__row--rate">
          <dt>Cambio</dt>
          <dd>{rate}</dd>
        </div>
      ) : null}
      {display.ready && totals.totalUsd !== null ? (
        // Issue 29: what the card is charged, in dollars, from the cart onwards (the checkout's bar says it too).
        <div className="cart-summary__row cart-summary__row--charge">
          <dt className="visually-hidden">Cobro</dt>
          <dd>
            <ChargeLine
              className="cart-summary__charge"
              totalUsdMinor={totals.totalUsd}
              display={display}
              method={null}
              withRate={false}
            />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Touches that start in a list that scrolls are scrolling, not the swipe that closes the cart (spec §2). */
function keepScrollTouches(event: TouchEvent<HTMLElement>) {
  const scroller = event.currentTarget.closest('.dialog__body');
  if (scroller && scroller.scrollHeight > scroller.clientHeight) event.stopPropagation();
}

/** Spec §2 expanded cart contents: the table of items, the free-shipping bar and the amounts. */
export function CartDetails({ totals }: { totals: CartTotals }) {
  const items = useAppStore((state) => state.cart.items);
  const dispatch = useAppStore((state) => state.cartDispatch);
  return (
    <div className="cart-details" onTouchStart={keepScrollTouches}>
      <table className="cart-table">
        <caption className="visually-hidden">Productos en el carrito</caption>
        <thead>
          <tr>
            <th scope="col">N.º</th>
            <th scope="col">Producto</th>
            <th scope="col">Precio</th>
            <th scope="col">Cantidad</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span className="visually-hidden">Eliminar</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <CartRow key={item.product.id} item={item} index={index} />
          ))}
        </tbody>
      </table>
      <div className="cart-details__footer">
        <button
          type="button"
          className="button button--ghost cart-details__empty"
          onClick={() => dispatch({ type: 'empty' })}
        >
          Vaciar carrito
        </button>
        <FreeShippingBar totals={totals} />
      </div>
      <CartSummary totals={totals} />
    </div>
  );
}
