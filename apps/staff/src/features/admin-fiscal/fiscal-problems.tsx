import { dateTimeText } from '@mandado/shared/date-text';
import type { FiscalProblem, FiscalProblemList } from '@mandado/shared/fiscal-documents.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { hasPermission } from '@mandado/shared/permissions';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOperator } from '../../lib/use-operator.ts';

const FISCAL_KEY = ['admin', 'fiscal-problems'] as const;

/**
 * `/admin/comprobantes` (issue 32, decision 078): fiscal documents the CFE provider refused, that kept failing,
 * or that are held while Mandado has no RUT configured, each with the reason in Spanish. Pagos and
 * administración (payment:mark-paid) send a failed one again with 'Reintentar'; the others read.
 */
export function FiscalProblems() {
  const canRetry = hasPermission(useOperator(), 'payment:mark-paid');
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState<number | null>(null);
  const list = useQuery({
    queryKey: FISCAL_KEY,
    queryFn: ({ signal }) => apiGet<FiscalProblemList>('/admin/fiscal-documents/problems/', signal),
    staleTime: 0,
  });

  async function retry(doc: FiscalProblem) {
    setRetrying(doc.id);
    try {
      await apiPost(`/admin/fiscal-documents/${segment(doc.id)}/retry/`, undefined);
      notify({ kind: 'success', title: 'Lo enviamos de nuevo en el próximo minuto.' });
      await queryClient.invalidateQueries({ queryKey: FISCAL_KEY });
    } catch (failure) {
      notify({ kind: 'error', title: failureText(failure) ?? MESSAGES.serverError });
    } finally {
      setRetrying(null);
    }
  }

  if (list.isPending) return <Spinner label="Cargando comprobantes" />;
  if (list.isError)
    return (
      <QueryError message={failureText(list.error) ?? MESSAGES.serverError} onRetry={() => list.refetch()} />
    );
  const data = list.data;
  return (
    <section aria-labelledby="fiscal-problems-title">
      <h1 id="fiscal-problems-title">Comprobantes fiscales con problemas</h1>
      {data.warning ? (
        <p className="form__problem" role="alert">
          {data.warning}
        </p>
      ) : null}
      {data.results.length === 0 ? (
        <EmptyState title="Ningún comprobante con problemas">
          Los rechazados por el proveedor o fallidos tras los reintentos aparecen aquí.
        </EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Comprobante</th>
              <th scope="col">Comercio</th>
              <th scope="col">Pedido o semana</th>
              <th scope="col">Motivo</th>
              <th scope="col">Creado</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((doc) => (
              <tr key={doc.id}>
                <td>{doc.kind_label}</td>
                <td>{doc.store.name}</td>
                <td>{doc.store_order_number ?? (doc.week_start ? `Semana del ${doc.week_start}` : '—')}</td>
                <td>{doc.reason}</td>
                <td>{dateTimeText(doc.created_at)}</td>
                <td>
                  {canRetry && doc.status === 'failed' ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={retrying !== null}
                      aria-label={`Reintentar ${doc.kind_label} ${doc.store_order_number ?? doc.week_start ?? ''}`.trim()}
                      onClick={() => retry(doc)}
                    >
                      Reintentar
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
