import type { StaffStoreOrder } from '@mandado/shared/staff-order.schemas';

/** The store's own address of a claim's photo (the API checks membership and the order's store). */
export function claimPhotoUrl(storeId: number, number: string): string {
  return `/v1/merchant/stores/${storeId}/orders/${encodeURIComponent(number)}/claim-photo`;
}

/**
 * Issue 29: what the family answered once delivered, on the store's card even when it is closed — a claim
 * ('Falta algo') with what is missing and the note, or the confirmation. Mandado's operators settle claims;
 * the store reads them to check its packing, with the family's photo when they sent one (decision 074).
 */
export function ReceiptNotice({ storeId, order }: { storeId: number; order: StaffStoreOrder }) {
  const receipt = order.receipt;
  if (!receipt?.text) return null;
  const claim = receipt.status === 'claimed' || receipt.status === 'resolved';
  return (
    <div
      className={claim ? 'receipt-notice receipt-notice--claim' : 'receipt-notice'}
      aria-label={claim ? `Reclamo de ${order.number}` : `Recepción de ${order.number}`}
      role="note"
    >
      <p className="receipt-notice__text">{receipt.text}</p>
      {receipt.missing.length > 0 ? (
        <ul className="receipt-notice__missing">
          {receipt.missing.map((line) => (
            <li key={line.name}>
              {line.name}: {line.quantity === 1 ? '1 unidad' : `${line.quantity} unidades`}
            </li>
          ))}
        </ul>
      ) : null}
      {receipt.note ? <p className="receipt-notice__text">«{receipt.note}»</p> : null}
      {receipt.has_photo ? (
        <a href={claimPhotoUrl(storeId, order.number)} target="_blank" rel="noopener">
          <img
            className="receipt-notice__photo"
            src={claimPhotoUrl(storeId, order.number)}
            alt={`Foto del reclamo de ${order.number}`}
            loading="lazy"
          />
        </a>
      ) : null}
    </div>
  );
}
