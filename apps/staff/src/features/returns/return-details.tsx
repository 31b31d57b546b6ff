import { dateTimeText } from '@mandado/shared/date-text';
import { RETURN_REFUND_TARGET_LABELS } from '@mandado/shared/return-status';
import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import { StatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import type { ReactNode } from 'react';
import { returnStatusTone } from './returns-wording.ts';

/** 'Como saldo en Mandado' → 'como saldo en Mandado', inside a sentence (the brand keeps its capital). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * One return as the store and the back office read it: who asked and when, the lines, the reason, the photo,
 * where the refund goes, a refusal or an overrule, and the refund once done. `children` are the actions.
 */
export function ReturnDetails({
  request,
  heading,
  children,
}: {
  request: ReturnRequest;
  heading: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `return-${request.id}-title`;
  return (
    <li className="return-item" aria-labelledby={titleId}>
      <div className="return-item__head">
        <h2 id={titleId} className="return-item__title">
          {heading}
        </h2>
        <StatusBadge label={request.statusText} tone={returnStatusTone(request.status)} />
      </div>
      <p className="return-item__meta">
        Pedida el <time dateTime={request.createdAt}>{dateTimeText(request.createdAt)}</time> por{' '}
        {request.requestedBy === 'family' ? 'quien recibió la compra' : 'quien la pagó'}.
      </p>
      <ul className="return-item__lines" aria-label="Productos a devolver">
        {request.lines.map((line) => (
          <li key={line.lineId}>
            {line.quantity} × {line.name}{' '}
            <span className="return-item__price">({line.unitPriceText} c/u)</span>
          </li>
        ))}
      </ul>
      <p>
        <strong>Motivo:</strong> {request.reason}
      </p>
      {request.photoUrl ? (
        <p>
          <a href={request.photoUrl} target="_blank" rel="noopener noreferrer">
            Ver la foto
          </a>
        </p>
      ) : null}
      <p className="return-item__meta">
        Reembolso: {lowerFirst(RETURN_REFUND_TARGET_LABELS[request.refundTo])}.
      </p>
      {request.refusalReason ? (
        <p className="return-item__note">
          <strong>Motivo del rechazo:</strong> {request.refusalReason}
        </p>
      ) : null}
      {request.overruleReason ? (
        <p className="return-item__note">
          <strong>Aceptada por Mandado:</strong> {request.overruleReason}
        </p>
      ) : null}
      {request.refundText ? (
        <p>
          <strong>Reembolsado:</strong> {request.refundText}
        </p>
      ) : null}
      {children}
    </li>
  );
}
