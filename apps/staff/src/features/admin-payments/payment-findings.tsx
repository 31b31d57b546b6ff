import { PAYMENT_FINDING_LABELS } from '@mandado/shared/admin-payments.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { paymentFindingsQueryOptions } from './admin-payments.api.ts';

/** What `npm run audit:payments` finds (decision 030), on the screen: each disagreement between money records. */
export function PaymentFindings() {
  const ids = useId();
  const findings = useQuery(paymentFindingsQueryOptions());
  return (
    <section className="payments-section" aria-labelledby={`${ids}-title`}>
      <div className="payments-section__head">
        <h2 id={`${ids}-title`} className="payments-section__title">
          Control de pagos
        </h2>
        <button
          type="button"
          className="button button--secondary"
          disabled={findings.isFetching}
          onClick={() => void findings.refetch()}
        >
          Revisar de nuevo
        </button>
      </div>
      {findings.isPending ? (
        <Spinner label="Revisando cobros, pedidos, devoluciones y saldos" />
      ) : findings.isError ? (
        <QueryError message={findings.error.message} onRetry={() => void findings.refetch()} />
      ) : (
        <>
          <p className="payments-note">
            Revisado el {dateTimeText(findings.data.checked_at)}: cobros sin pedido pagado, pedidos pagados
            sin cobro, devoluciones por encima de lo pagado y saldos distintos de sus movimientos.
          </p>
          {findings.data.results.length === 0 ? (
            <p className="payments-callout payments-callout--ok">Todo coincide: no hay diferencias.</p>
          ) : (
            <ul className="findings">
              {findings.data.results.map((finding) => (
                <li key={`${finding.kind}-${finding.subject}-${finding.detail}`} className="finding">
                  <p className="finding__kind">{PAYMENT_FINDING_LABELS[finding.kind]}</p>
                  <p className="finding__subject">{finding.subject}</p>
                  <p className="finding__detail">{finding.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
