import { CloseIcon } from '@mandado/web-kit/icons.tsx';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { type CartItem, maxCount } from '../../state/cart/cart-machine.ts';
import { stripScrollTarget } from './cart-format.ts';
import { ChevronIcon, MinusIcon, PlusIcon } from './cart-icons.tsx';
import { formatDisplayMinor } from './cart-money.ts';
import type { CartTotals } from './cart-totals.ts';
import { FreeShippingBar } from './free-shipping-bar.tsx';
import './cart.css';

function StripItem({ item }: { item: CartItem }) {
  const dispatch = useAppStore((state) => state.cartDispatch);
  const { product, count } = item;
  return (
    <li className="strip-item">
      <div className="strip-item__media">
        <FallbackImage src={product.images[0]} alt="" width={64} height={64} />
        <span className="strip-item__count">
          <span className="visually-hidden">Cantidad: </span>
          {count}
        </span>
      </div>
      <div className="strip-item__text">
        <p className="strip-item__name">{product.name}</p>
        <PriceTag product={product} size="small" />
      </div>
      {/* On desktop these show on hover, and on keyboard focus (focus-within), see cart.css. */}
      <div className="strip-item__controls">
        <button
          type="button"
          className="strip-item__button strip-item__remove"
          aria-label={`Quitar ${product.name} del carrito`}
          onClick={() => dispatch({ type: 'remove', productId: product.id })}
        >
          <CloseIcon size={14} />
        </button>
        <button
          type="button"
          className="strip-item__button"
          aria-label={`Disminuir cantidad de ${product.name}`}
          onClick={() => dispatch({ type: 'decrease', productId: product.id })}
        >
          <MinusIcon size={14} />
        </button>
        <button
          type="button"
          className="strip-item__button"
          aria-label={`Aumentar cantidad de ${product.name}`}
          disabled={count >= maxCount(product)}
          onClick={() => dispatch({ type: 'increase', productId: product.id })}
        >
          <PlusIcon size={14} />
        </button>
      </div>
    </li>
  );
}

/** Whether the list can scroll further left or right, kept current as it scrolls or resizes. */
function useScrollEdges(list: HTMLUListElement | null, itemCount: number) {
  const [edges, setEdges] = useState({ start: true, end: true });
  const update = useCallback(() => {
    if (!list) return;
    const max = list.scrollWidth - list.clientWidth;
    setEdges({ start: list.scrollLeft <= 1, end: list.scrollLeft >= max - 1 });
  }, [list]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item changes the scroll width.
  useEffect(() => {
    if (!list) return;
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [list, update, itemCount]);
  return edges;
}

interface CartStripProps {
  totals: CartTotals;
}

/**
 * Spec §2 Cart strip: the items with their controls, the subtotal, 'Ver Todos' and 'Pagar', and the
 * free-shipping bar. It shows while the cart is open and not empty (spec §4 Opening); phones get the
 * bottom bar's 'VER CARRITO' instead (cart.css).
 */
export function CartStrip({ totals }: CartStripProps) {
  const items = useAppStore((state) => state.cart.items);
  const open = useAppStore((state) => state.cartUi.stripOpen);
  const dispatch = useAppStore((state) => state.cartUiDispatch);
  const display = useDisplayCurrency();
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const edges = useScrollEdges(list, items.length);

  if (!open || items.length === 0) return null;

  function scroll(direction: -1 | 1) {
    if (!list) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo({
      left: stripScrollTarget(list.scrollLeft, direction, list.scrollWidth - list.clientWidth),
      behavior: reduced ? 'auto' : 'smooth',
    });
  }

  return (
    <section className="cart-strip" aria-label="Carrito">
      <div className="cart-strip__inner container">
        <div className="cart-strip__items">
          <button
            type="button"
            className="icon-button cart-strip__scroll"
            aria-label="Ver productos anteriores"
            disabled={edges.start}
            onClick={() => scroll(-1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <ul className="cart-strip__list" ref={setList} aria-label="Productos en el carrito">
            {items.map((item) => (
              <StripItem key={item.product.id} item={item} />
            ))}
          </ul>
          <button
            type="button"
            className="icon-button cart-strip__scroll"
            aria-label="Ver más productos"
            disabled={edges.end}
            onClick={() => scroll(1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
        <div className="cart-strip__summary">
          <p className="cart-strip__subtotal">
            <span>Subtotal</span> <strong>{formatDisplayMinor(totals.subtotal, display)}</strong>
          </p>
          <div className="cart-strip__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => dispatch({ type: 'open-expanded' })}
            >
              Ver Todos
            </button>
            <Link to="/checkout" className="button button--primary button--small">
              Pagar
            </Link>
          </div>
        </div>
        <button
          type="button"
          className="icon-button cart-strip__close"
          aria-label="Ocultar carrito"
          onClick={() => dispatch({ type: 'close-strip' })}
        >
          <CloseIcon size={18} />
        </button>
      </div>
      <div className="container">
        <FreeShippingBar totals={totals} />
      </div>
    </section>
  );
}

/**
 * Spec §2 Mobile: the bottom bar's 'VER CARRITO | total', shown above the bar on phones while the cart has
 * items; it opens the expanded cart.
 */
export function ViewCartButton({ totals }: CartStripProps) {
  const hasItems = useAppStore((state) => state.cart.items.length > 0);
  const dispatch = useAppStore((state) => state.cartUiDispatch);
  const display = useDisplayCurrency();
  if (!hasItems) return null;
  return (
    <div className="view-cart">
      <button
        type="button"
        className="button button--primary button--block view-cart__button"
        onClick={() => dispatch({ type: 'open-expanded' })}
      >
        <span>VER CARRITO</span>
        <span aria-hidden="true">|</span>
        <span>{formatDisplayMinor(totals.total ?? totals.subtotal, display)}</span>
      </button>
    </div>
  );
}
