import type { RemitterStoreOrder } from '@mandado/shared/checkout.schemas';
import { useState } from 'react';
import './receipt.css';

/**
 * Issue 29 in 'Mis Compras': the delivery code while a handover is ahead, with a copy button so the remitter
 * can pass it on to the family (only the owner's own order page has it), and once delivered what the family
 * answered ('Rosa confirmó que recibió todo el 27/11 a las 10:31', or the claim and what is missing).
 */
export function StoreOrderReceipt({ storeOrder }: { storeOrder: RemitterStoreOrder }) {
  const [copied, setCopied] = useState(false);
  const code = storeOrder.delivery_code;
  const receipt = storeOrder.receipt;
  return (
    <>
      {code ? (
        <div className="receipt-code">
          <p className="receipt-code__text">
            Código de entrega: <strong className="receipt-code__digits">{code}</strong>
          </p>
          <p className="receipt-code__hint">
            Pásaselo a quien recibe: lo dice al recibir el pedido de {storeOrder.store.name}.
          </p>
          <div className="receipt__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Copiar el código de entrega de ${storeOrder.number}`}
              onClick={() => {
                void navigator.clipboard?.writeText(code).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              Copiar código
            </button>
            <span role="status" className="receipt-code__copied">
              {copied ? 'Código copiado' : ''}
            </span>
          </div>
        </div>
      ) : null}
      {receipt?.text ? (
        <div className={`receipt-answer receipt-answer--${receipt.status}`}>
          <p className="receipt-answer__text">{receipt.text}</p>
          {receipt.missing.length > 0 ? (
            <ul className="receipt-answer__missing" aria-label="Lo que falta">
              {receipt.missing.map((line) => (
                <li key={line.name}>
                  {line.name}: {line.quantity === 1 ? '1 unidad' : `${line.quantity} unidades`}
                </li>
              ))}
            </ul>
          ) : null}
          {receipt.note ? <p className="receipt-answer__note">«{receipt.note}»</p> : null}
        </div>
      ) : receipt ? (
        <p className="receipt-answer__text receipt-answer--awaiting">
          Entregado: esperamos que quien recibe confirme que llegó todo.
        </p>
      ) : null}
    </>
  );
}
