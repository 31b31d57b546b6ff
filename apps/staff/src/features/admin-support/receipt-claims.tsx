import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { hasPermission } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useOperator } from '../../lib/use-operator.ts';
import { RECEIPT_CLAIMS_KEY, receiptClaimsQueryOptions, refundReceiptClaim } from './receipt-claims.api.ts';

function orderPath(number: string): string {
  return STAFF_PATHS.adminOrder.replace(':number', encodeURIComponent(number));
}

/**
 * The family's 'Falta algo' (issue 29) at the top of the support inbox while any is open: which store order,
 * what is missing, their note, and 'Devolver lo reclamado' — one click refunds the claimed units of each line
 * through the refund caps (payment:refund; the others read). Nothing shows when there is no open claim.
 */
export function ReceiptClaims() {
  const queryClient = useQueryClient();
  const operator = useOperator();
  const canRefund = hasPermission(operator, 'payment:refund');
  const claims = useQuery(receiptClaimsQueryOptions());
  const refund = useMutation({
    mutationFn: refundReceiptClaim,
    onSuccess: async (answer) => {
      notify({
        kind: 'success',
        title: answer.detail,
        message: `Devuelto: ${usdText(parseMoney(answer.refunded))}`,
      });
      await queryClient.invalidateQueries({ queryKey: RECEIPT_CLAIMS_KEY });
    },
    onError: (error) => notify({ kind: 'error', title: 'No se pudo devolver', message: error.message }),
  });

  if (claims.isPending) return <Spinner label="Cargando los reclamos" />;
  if (claims.isError)
    return <QueryError message={claims.error.message} onRetry={() => void claims.refetch()} />;
  if (claims.data.results.length === 0) return null;
  return (
    <section className="support__claims" aria-labelledby="receipt-claims-title">
      <h2 id="receipt-claims-title" className="support__claims-title">
        Reclamos de entrega
      </h2>
      <ul className="support__list">
        {claims.data.results.map((claim) => (
          <li key={claim.id} className="support-card" aria-label={`Reclamo de ${claim.store_order_number}`}>
            <div className="support-card__head">
              <h3 className="support-card__title">
                Falta algo en <Link to={orderPath(claim.group_number)}>{claim.store_order_number}</Link>
              </h3>
              <span className="badge support-badge--open">Sin resolver</span>
            </div>
            <p className="support-card__meta">
              {claim.store_name} · avisó {claim.beneficiary_first_name || 'quien recibe'} el{' '}
              {dateTimeText(claim.claimed_at)}
            </p>
            <ul aria-label="Lo que falta">
              {claim.lines.map((line) => (
                <li key={line.line_id}>
                  {line.name}: {line.quantity === 1 ? '1 unidad' : `${line.quantity} unidades`}
                </li>
              ))}
            </ul>
            {claim.note ? <p className="support-card__text">«{claim.note}»</p> : null}
            {claim.photo_url ? (
              <a href={claim.photo_url} target="_blank" rel="noopener">
                <img
                  className="support-card__photo"
                  src={claim.photo_url}
                  alt={`Foto del reclamo de ${claim.store_order_number}`}
                  loading="lazy"
                />
              </a>
            ) : null}
            {canRefund ? (
              <button
                type="button"
                className="button button--primary button--small"
                disabled={refund.isPending}
                onClick={() => refund.mutate(claim.id)}
              >
                {refund.isPending && refund.variables === claim.id ? <Spinner size="small" /> : null}
                Devolver lo reclamado
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
