import {
  ADMIN_STORE_STATUSES,
  ADMIN_STORES_MESSAGES,
  type AdminStoreRow,
  type AdminStoreStatus,
  STAFF_REASON_MAX_LENGTH,
} from '@mandado/shared/admin-stores.schemas';
import { shortDateText } from '@mandado/shared/date-text';
import { hasPermission } from '@mandado/shared/permissions';
import { STORE_KIND_LABELS } from '@mandado/shared/store-kinds';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useOperator } from '../../lib/use-operator.ts';
import {
  ADMIN_STORES_KEY,
  applicationsQueryOptions,
  approveApplication,
  rejectApplication,
  type StoreApplication,
  storesQueryOptions,
} from './admin-stores.api.ts';
import { commissionText, memberCountText, statusLabel, storePagePath } from './admin-stores-text.ts';
import { StatusBadge } from './store-status-badge.tsx';
import './admin-stores.css';

type Section = 'stores' | 'applications';

/**
 * /admin/tiendas (issue 19): two sections. 'Tiendas': every store with its state badge, searchable by name
 * and filtered by state, each a card that opens the store. 'Solicitudes': the pending applications, approved
 * (the store is created, its applicant invited as owner) or rejected with a reason e-mailed to them.
 */
export function AdminStoresScreen() {
  const [section, setSection] = useState<Section>('stores');
  const applications = useQuery(applicationsQueryOptions());
  const waiting = applications.data?.results.length ?? 0;
  return (
    <section className="admin-stores" aria-labelledby="admin-stores-title">
      <h1 id="admin-stores-title" className="staff-title">
        Tiendas
      </h1>
      <div className="admin-stores__tabs">
        <button
          type="button"
          className={`admin-stores__tab${section === 'stores' ? ' admin-stores__tab--current' : ''}`}
          aria-pressed={section === 'stores'}
          onClick={() => setSection('stores')}
        >
          Tiendas
        </button>
        <button
          type="button"
          className={`admin-stores__tab${section === 'applications' ? ' admin-stores__tab--current' : ''}`}
          aria-pressed={section === 'applications'}
          onClick={() => setSection('applications')}
        >
          Solicitudes{waiting > 0 ? ` (${waiting})` : ''}
        </button>
      </div>
      {section === 'stores' ? <StoreList /> : <Applications />}
    </section>
  );
}

function StoreList() {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AdminStoreStatus | ''>('');
  const stores = useQuery(storesQueryOptions({ q, status }));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(typed.trim());
  }

  return (
    <div className="admin-stores__section">
      <form className="admin-stores__filters" onSubmit={search}>
        <div className="admin-stores__field">
          <label className="field-label" htmlFor={`${ids}-q`}>
            Buscar por nombre
          </label>
          <input
            id={`${ids}-q`}
            className="input"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="admin-stores__field">
          <label className="field-label" htmlFor={`${ids}-status`}>
            Estado
          </label>
          <select
            id={`${ids}-status`}
            className="select"
            value={status}
            onChange={(event) => setStatus(event.target.value as AdminStoreStatus | '')}
          >
            <option value="">Todas</option>
            {ADMIN_STORE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary admin-stores__search">
          Buscar
        </button>
      </form>
      {stores.isPending ? (
        <Spinner label="Cargando las tiendas" />
      ) : stores.isError ? (
        <QueryError message={stores.error.message} onRetry={() => void stores.refetch()} />
      ) : stores.data.results.length === 0 ? (
        <p className="admin-stores__empty">No hay tiendas con esos datos.</p>
      ) : (
        <ul className="admin-stores__list" aria-label="Tiendas">
          {stores.data.results.map((store) => (
            <StoreCard key={store.id} store={store} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StoreCard({ store }: { store: AdminStoreRow }) {
  return (
    <li className="admin-store-card">
      <div className="admin-store-card__head">
        <Link className="admin-store-card__name" to={storePagePath(store.id)}>
          {store.name}
        </Link>
        <StatusBadge status={store.status} />
      </div>
      <p className="admin-store-card__meta">
        {STORE_KIND_LABELS[store.kind]} · {store.city} · {memberCountText(store.member_count)} · Comisión{' '}
        {commissionText(store.commission_rate)}
      </p>
      {store.status === 'suspended' && store.status_reason ? (
        <p className="admin-store-card__reason">Motivo: {store.status_reason}</p>
      ) : null}
    </li>
  );
}

function Applications() {
  const queryClient = useQueryClient();
  const operator = useOperator();
  const canManage = hasPermission(operator, 'admin:manage');
  const applications = useQuery(applicationsQueryOptions());
  const [rejecting, setRejecting] = useState<StoreApplication | null>(null);
  const approve = useMutation({
    mutationFn: (application: StoreApplication) => approveApplication(application.id),
    onSuccess: async (_answer, application) => {
      notify({
        kind: 'success',
        title: `Aprobaste ${application.store_name}`,
        message: `Invitamos a ${application.email} como dueño. La tienda queda pendiente hasta que la publiques.`,
      });
      await queryClient.invalidateQueries({ queryKey: ADMIN_STORES_KEY });
    },
    onError: (error) => notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) }),
  });

  async function reject(application: StoreApplication, reason: string) {
    await rejectApplication(application.id, reason);
    setRejecting(null);
    notify({
      kind: 'success',
      title: `Rechazaste ${application.store_name}`,
      message: `Le escribimos a ${application.email} con el motivo.`,
    });
    await queryClient.invalidateQueries({ queryKey: ADMIN_STORES_KEY });
  }

  if (applications.isPending) return <Spinner label="Cargando las solicitudes" />;
  if (applications.isError) {
    return <QueryError message={applications.error.message} onRetry={() => void applications.refetch()} />;
  }
  if (applications.data.results.length === 0) {
    return <p className="admin-stores__empty">No hay solicitudes esperando respuesta.</p>;
  }
  return (
    <>
      <ul className="admin-stores__list" aria-label="Solicitudes">
        {applications.data.results.map((application) => {
          const busy = approve.isPending && approve.variables.id === application.id;
          return (
            <li key={application.id} className="admin-store-card">
              <div className="admin-store-card__head">
                <h2 className="admin-store-card__name">{application.store_name}</h2>
                <span className="admin-store-card__date">{shortDateText(application.created)}</span>
              </div>
              <p className="admin-store-card__meta">
                {STORE_KIND_LABELS[application.kind]} · {application.address_line1}, {application.city}
              </p>
              <p className="admin-store-card__meta">
                {application.contact_name} · {application.email} · {application.phone} · RUT {application.rut}
              </p>
              {canManage ? (
                <div className="admin-store-card__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setRejecting(application)}
                  >
                    Rechazar<span className="visually-hidden"> {application.store_name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--primary"
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (!busy) approve.mutate(application);
                    }}
                  >
                    {busy ? <Spinner size="small" /> : null}
                    Aprobar<span className="visually-hidden"> {application.store_name}</span>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {rejecting ? (
        <ReasonDialog
          title={`Rechazar ${rejecting.store_name}`}
          label="Motivo (se lo enviamos por correo)"
          confirmLabel="Rechazar solicitud"
          requiredMessage={ADMIN_STORES_MESSAGES.reasonRequired}
          maxLength={STAFF_REASON_MAX_LENGTH}
          onConfirm={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        >
          <p className="dialog__text">
            Le escribimos a {rejecting.email} con este motivo. Podrá volver a enviar una solicitud.
          </p>
        </ReasonDialog>
      ) : null}
    </>
  );
}
