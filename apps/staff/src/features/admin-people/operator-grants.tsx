import { type AdminOperatorGrant, OPERATOR_GROUP_LABELS } from '@mandado/shared/admin-people.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { hasPermission } from '@mandado/shared/permissions';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOperator } from '../../lib/use-operator.ts';
import {
  ADMIN_PEOPLE_KEY,
  decideOperatorGrant,
  OPERATOR_GRANTS_KEY,
  operatorGrantsQueryOptions,
} from './admin-people.api.ts';
import { personPagePath } from './admin-people-text.ts';

function grantText(grant: AdminOperatorGrant): string {
  const to = OPERATOR_GROUP_LABELS[grant.group];
  return grant.current_group
    ? `de ${OPERATOR_GROUP_LABELS[grant.current_group]} a ${to}`
    : `operador de ${to}`;
}

/**
 * Four eyes on people (issue 27): the operator groups asked for and not yet decided, on the Personas screen.
 * 'Aprobar' shows only to an operator who may approve (not the one who asked, not the grantee); any operator
 * of administración may 'Rechazar'. Nothing shows while nothing waits.
 */
export function OperatorGrants() {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const grants = useQuery(operatorGrantsQueryOptions());
  const [busy, setBusy] = useState<number | null>(null);
  const canManage = hasPermission(operator, 'admin:manage');
  const rows = grants.data?.results ?? [];
  if (rows.length === 0) return null;

  async function decide(grant: AdminOperatorGrant, decision: 'approve' | 'reject') {
    if (busy !== null) return;
    setBusy(grant.id);
    try {
      const next = await decideOperatorGrant(grant.id, decision);
      queryClient.setQueryData(OPERATOR_GRANTS_KEY, next);
      await queryClient.invalidateQueries({ queryKey: ADMIN_PEOPLE_KEY });
      notify({
        kind: 'success',
        title: decision === 'approve' ? `Aprobado: ${grant.name || grant.email}` : 'Cambio rechazado',
      });
    } catch (error) {
      notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="admin-people__section" aria-labelledby="operator-grants-title">
      <h2 id="operator-grants-title" className="admin-people__heading">
        Grupos por aprobar
      </h2>
      <p className="admin-people__text">
        Dar o subir un grupo de operador necesita la aprobación de otra persona de administración.
      </p>
      <ul className="admin-people__list" aria-label="Grupos por aprobar">
        {rows.map((grant) => (
          <li key={grant.id} className="admin-person-card">
            <Link className="admin-person-card__name" to={personPagePath(grant.user_id)}>
              {grant.name || grant.email}
            </Link>
            <span className="admin-person-card__meta">
              {grantText(grant)} · pedido por {grant.requested_by || 'una cuenta borrada'} el{' '}
              {dateTimeText(grant.requested)}
            </span>
            {/* A line of its own after the request (the card's meta lines come last), not among the buttons,
                which sit on the name's row above the request. */}
            {canManage && !grant.can_approve ? (
              <span className="admin-person-card__meta">Otra persona de administración debe aprobarlo.</span>
            ) : null}
            {canManage ? (
              <span className="admin-grant__actions">
                {grant.can_approve ? (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() => void decide(grant, 'approve')}
                  >
                    {busy === grant.id ? <Spinner size="small" /> : null}
                    Aprobar
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  onClick={() => void decide(grant, 'reject')}
                >
                  Rechazar
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
