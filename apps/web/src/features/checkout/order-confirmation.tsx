import './checkout.css';
import {
  type BankInstructions,
  DELIVERY_LABELS,
  type OrderGroup,
  PAYMENT_METHOD_LABELS,
} from '@mandado/shared/checkout.schemas';
import { formatDeliveryWindow } from '@mandado/shared/delivery-window';
import { formatAmount, parseMoney } from '@mandado/shared/money';
import { useEffect, useState } from 'react';
import { whatsappShareUrl } from './checkout-pricing.ts';

function usd(decimal: string): string {
  return formatAmount(parseMoney(decimal), 'US$');
}

/** Spec §2 bank-deposit instruction block: the company's USD account and the order number to quote. */
export function BankInstructionsBlock({ instructions }: { instructions: BankInstructions }) {
  return (
    <section className="bank-instructions" aria-labelledby="bank-instructions-title">
      <h2 id="bank-instructions-title" className="bank-instructions__title">
        Instrucciones para tu transferencia o depósito
      </h2>
      <p>
        Transfiere o deposita <strong>{usd(instructions.amount)}</strong> (en dólares estadounidenses) a esta
        cuenta de la empresa:
      </p>
      <dl className="bank-instructions__account">
        <div>
          <dt>Banco</dt>
          <dd>{instructions.bank_name}</dd>
        </div>
        <div>
          <dt>Titular</dt>
          <dd>{instructions.account_holder}</dd>
        </div>
        <div>
          <dt>Número de cuenta</dt>
          <dd>{instructions.account_number}</dd>
        </div>
        <div>
          <dt>Routing (ABA)</dt>
          <dd>{instructions.routing_number}</dd>
        </div>
        <div>
          <dt>SWIFT</dt>
          <dd>{instructions.swift}</dd>
        </div>
        <div>
          <dt>Número de pedido</dt>
          <dd>
            <strong>{instructions.reference}</strong>
          </dd>
        </div>
      </dl>
      <p>
        Indica el número de pedido <strong>{instructions.reference}</strong> en la descripción de la
        transferencia y en el asunto del correo con el comprobante, que envías a{' '}
        <a
          href={`mailto:${instructions.receipt_email}?subject=${encodeURIComponent(instructions.reference)}`}
        >
          {instructions.receipt_email}
        </a>
        .
      </p>
      <p className="form__hint">
        Reservamos tus productos hasta el {new Date(instructions.expires_at).toLocaleDateString('es-UY')}; si
        el pago no llega, el pedido se cancela.
      </p>
    </section>
  );
}

/** The tracking link for the family member: WhatsApp share and copy. */
export function TrackingShare({ url, orderNumber }: { url: string; orderNumber: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <section className="tracking-share" aria-labelledby="tracking-share-title">
      <h2 id="tracking-share-title" className="tracking-share__title">
        Seguimiento para quien recibe
      </h2>
      <p>Quien recibe puede seguir la entrega con este enlace, sin crear una cuenta:</p>
      <p className="tracking-share__link">
        <a href={url}>{url}</a>
      </p>
      <div className="tracking-share__actions">
        <a
          className="button button--primary button--small"
          href={whatsappShareUrl(url, orderNumber)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Compartir por WhatsApp
        </a>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          Copiar enlace
        </button>
        <span role="status" className="tracking-share__copied">
          {copied ? 'Enlace copiado' : ''}
        </span>
      </div>
    </section>
  );
}

/** The confirmation page's content: number, store orders, delivery window, instructions, tracking link. */
export function OrderConfirmation({ order }: { order: OrderGroup }) {
  const pending = order.payment_status === 'pending';
  return (
    <div className="order-confirmation">
      <div className="page-heading">
        <h1 className="page-heading__title">{pending ? 'Pedido recibido' : '¡Gracias por tu compra!'}</h1>
      </div>
      <p className="order-confirmation__number">
        Número de pedido: <strong>{order.number}</strong>
      </p>
      <p>
        {pending
          ? 'Tu pedido queda reservado hasta que recibamos el pago.'
          : `Pago recibido${order.payment_label ? ` (${order.payment_label})` : ''}. Te enviamos la confirmación por correo.`}
      </p>
      {order.instructions ? <BankInstructionsBlock instructions={order.instructions} /> : null}
      <dl className="checkout-summary-list">
        <div>
          <dt>Recibe</dt>
          <dd>
            {order.beneficiary.first_name} {order.beneficiary.last_name}, {order.beneficiary.address_line1}
          </dd>
        </div>
        <div>
          <dt>Entrega</dt>
          <dd>
            {DELIVERY_LABELS[order.delivery]} · {formatDeliveryWindow(order.delivery_window)}
          </dd>
        </div>
        <div>
          <dt>Pago</dt>
          <dd>{PAYMENT_METHOD_LABELS[order.payment_method]}</dd>
        </div>
      </dl>
      {order.stores.map((store) => (
        <section
          key={store.number}
          className="checkout-store"
          aria-labelledby={`store-order-${store.number}`}
        >
          <h2 id={`store-order-${store.number}`} className="checkout-store__name">
            {store.store.name} · {store.number}
          </h2>
          <p className="checkout-store__status">{store.status_label}</p>
          <ul className="checkout-lines">
            {store.lines.map((line) => (
              <li key={`${line.product_id}-${line.name}`} className="checkout-line">
                <span className="checkout-line__name">
                  {line.name} × {line.quantity}
                </span>
                <span className="checkout-line__amount">{usd(line.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout-amounts">
            <div className="checkout-amounts__row">
              <dt>Envío</dt>
              <dd>{parseMoney(store.shipping) === 0 ? 'Gratis' : usd(store.shipping)}</dd>
            </div>
            <div className="checkout-amounts__row checkout-amounts__row--total">
              <dt>Total de la tienda</dt>
              <dd>{usd(store.total)}</dd>
            </div>
          </dl>
        </section>
      ))}
      <dl className="checkout-amounts checkout-amounts--grand">
        {parseMoney(order.discount) > 0 ? (
          <div className="checkout-amounts__row">
            <dt>Descuento del cupón</dt>
            <dd>−{usd(order.discount)}</dd>
          </div>
        ) : null}
        {parseMoney(order.credit) > 0 ? (
          <div className="checkout-amounts__row">
            <dt>Crédito</dt>
            <dd>−{usd(order.credit)}</dd>
          </div>
        ) : null}
        <div className="checkout-amounts__row checkout-amounts__row--total">
          <dt>Total cobrado</dt>
          <dd>{usd(order.total)}</dd>
        </div>
      </dl>
      <TrackingShare url={order.tracking_url} orderNumber={order.number} />
    </div>
  );
}
