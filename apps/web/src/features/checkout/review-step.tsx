import {
  type CheckoutConflict,
  SUBSTITUTION_LABELS,
  SUBSTITUTIONS,
  type Substitution,
} from '@mandado/shared/checkout.schemas';
import { moneyText, usdText } from '@mandado/shared/money-text';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId } from 'react';
import { displayCheckout } from './checkout-display.ts';
import type { CheckoutPricing } from './checkout-pricing.ts';
import { WelcomeHint } from './welcome-hint.tsx';

interface ReviewStepProps {
  pricing: CheckoutPricing;
  display: DisplayCurrency;
  substitution: Substitution;
  lineSubstitutions: Readonly<Record<string, Substitution>>;
  onLineSubstitution: (productId: number, value: Substitution) => void;
  /** Who receives, how, and how it is paid, in one line each, with the step where each is changed. */
  summary: ReadonlyArray<{ term: string; value: string; onEdit?: () => void }>;
  /** 409: what changed (nothing was charged); the cart has been refreshed. */
  conflict: CheckoutConflict | null;
  /** A 4xx when placing: the server's Spanish reason (a coupon's minimum, a beneficiary…), never a bare 'Oops'. */
  refusal?: string | null;
  placing: boolean;
  onPlace: () => void;
}

const CHANGE_TEXT: Record<CheckoutConflict['changes'][number]['change'], string> = {
  price: 'cambió de precio',
  stock: 'no tiene stock suficiente',
  removed: 'ya no está en tu carrito',
  unavailable: 'ya no está disponible',
  added: 'se agregó a tu carrito',
  quantity: 'cambió de cantidad',
  total: 'cambió el total',
};

function changeLine(change: CheckoutConflict['changes'][number]): string {
  const base = `${change.name} ${CHANGE_TEXT[change.change]}`;
  if (change.now === null) return base;
  if (change.change === 'price') return `${base} (ahora ${change.now})`;
  if (change.change === 'stock') return `${base} (quedan ${change.now})`;
  return `${base} (${change.now})`;
}

/**
 * 'Revisar Pedido': one block per store (lines, subtotal, shipping), then the coupon discount, the credit
 * and the total, computed by the same rule the server charges with; 'Realizar pedido' sends what is shown.
 */
export function ReviewStep(props: ReviewStepProps) {
  const ids = useId();
  const { pricing, display } = props;
  // Every amount shown is the sum of the parts shown (UX review HIGH 2); the USD charge is stated exactly.
  const shown = displayCheckout(pricing, display);
  const money = (minor: number) => moneyText(minor, shown.currency);
  const { totals } = pricing;
  return (
    <section className="checkout-panel" aria-labelledby="checkout-review-title">
      <h2 id="checkout-review-title" className="checkout-panel__title">
        Revisar Pedido
      </h2>
      {props.conflict ? (
        <div className="form__alert" role="alert">
          <p>{props.conflict.detail}</p>
          {props.conflict.changes.length > 0 ? (
            <ul className="checkout-conflict">
              {props.conflict.changes.map((change) => (
                <li key={`${change.product_id}-${change.change}`}>{changeLine(change)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {props.refusal ? (
        <div className="form__alert" role="alert">
          <p>{props.refusal}</p>
        </div>
      ) : null}
      <dl className="checkout-summary-list">
        {props.summary.map(({ term, value, onEdit }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              {value}
              {onEdit ? (
                <button
                  type="button"
                  className="checkout-summary-list__edit"
                  onClick={onEdit}
                  aria-label={`Editar ${term}`}
                >
                  Editar
                </button>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {pricing.stores.map((store, storeIndex) => {
        const shownStore = shown.stores[storeIndex];
        return shownStore ? (
          <section
            key={store.storeId}
            className="checkout-store"
            aria-labelledby={`${ids}-store-${store.storeId}`}
          >
            <h3 id={`${ids}-store-${store.storeId}`} className="checkout-store__name">
              {store.storeName}
            </h3>
            <ul className="checkout-lines">
              {store.lines.map((line, lineIndex) => {
                const shownLine = shownStore.lines[lineIndex];
                const product = line.item.product;
                const selectId = `${ids}-sub-${product.id}`;
                const value = props.lineSubstitutions[String(product.id)] ?? props.substitution;
                return (
                  <li key={product.id} className="checkout-line">
                    <span className="checkout-line__name">
                      {product.name} × {line.item.count}
                      <span className="checkout-line__unit"> · {shownLine?.unitText} c/u</span>
                    </span>
                    <span className="checkout-line__amount">{money(shownLine?.total ?? 0)}</span>
                    <span className="checkout-line__substitution">
                      <label className="visually-hidden" htmlFor={selectId}>
                        Si falta {product.name}
                      </label>
                      <select
                        id={selectId}
                        className="select select--compact"
                        value={value}
                        onChange={(event) =>
                          props.onLineSubstitution(product.id, event.target.value as Substitution)
                        }
                      >
                        {SUBSTITUTIONS.map((option) => (
                          <option key={option} value={option}>
                            {SUBSTITUTION_LABELS[option]}
                          </option>
                        ))}
                      </select>
                    </span>
                  </li>
                );
              })}
            </ul>
            {/* One store: its subtotal and shipping are the order's, said once below (issue 31). */}
            {pricing.stores.length > 1 ? (
              <dl className="checkout-amounts">
                <div className="checkout-amounts__row">
                  <dt>Subtotal</dt>
                  <dd>{money(shownStore.subtotal)}</dd>
                </div>
                <div className="checkout-amounts__row">
                  <dt>Envío</dt>
                  <dd>{shownStore.shipping === 0 ? 'Gratis' : money(shownStore.shipping)}</dd>
                </div>
              </dl>
            ) : null}
          </section>
        ) : null;
      })}
      <dl className="checkout-amounts checkout-amounts--grand" aria-label="Total del pedido">
        <div className="checkout-amounts__row">
          <dt>Productos</dt>
          <dd>{money(shown.subtotal)}</dd>
        </div>
        <div className="checkout-amounts__row">
          <dt>Envío</dt>
          <dd>{shown.shipping === 0 ? 'Gratis' : money(shown.shipping)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div className="checkout-amounts__row">
            <dt>Descuento del cupón</dt>
            <dd>−{money(shown.discount)}</dd>
          </div>
        ) : null}
        {pricing.balanceCredit > 0 ? (
          <div className="checkout-amounts__row">
            <dt>Crédito</dt>
            <dd>−{money(shown.credit - shown.welcomeCredit)}</dd>
          </div>
        ) : null}
        {pricing.welcomeCredit > 0 ? (
          <div className="checkout-amounts__row checkout-amounts__row--gift">
            <dt>Regalo por invitación</dt>
            <dd>−{money(shown.welcomeCredit)}</dd>
          </div>
        ) : null}
        <div className="checkout-amounts__row checkout-amounts__row--total">
          <dt>Total</dt>
          <dd>{money(shown.total)}</dd>
        </div>
      </dl>
      <p className="checkout-charge">
        Se cobrará <strong>{usdText(totals.total)}</strong>.
      </p>
      <WelcomeHint shortfall={pricing.welcomeShortfall} />
      <div className="checkout-panel__actions">
        <button
          type="button"
          className="button button--primary button--block"
          onClick={props.onPlace}
          disabled={props.placing}
          aria-busy={props.placing}
        >
          {props.placing ? <Spinner size="small" /> : null}
          Realizar pedido
        </button>
      </div>
    </section>
  );
}
