import {
  ADMIN_STORES_MESSAGES,
  type AdminStoreDetail,
  type AdminStoreMember,
  STAFF_REASON_MAX_LENGTH,
} from '@mandado/shared/admin-stores.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { hasPermission, STORE_MEMBER_ROLES } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { STORE_KIND_LABELS } from '@mandado/shared/store-kinds';
import { STORE_MEMBER_ROLE_LABELS } from '@mandado/shared/store-members.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { DetailScreen } from '../../components/detail-screen.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useOperator } from '../../lib/use-operator.ts';
import {
  ADMIN_STORES_KEY,
  addMember,
  removeMember,
  reopenStore,
  setCommission,
  storeKey,
  storeQueryOptions,
  suspendStore,
} from './admin-stores.api.ts';
import { commissionText, parseCommission } from './admin-stores-text.ts';
import { StatusBadge } from './store-status-badge.tsx';
import { StoreWindowsList } from './store-windows-list.tsx';
import './admin-stores.css';

/**
 * /admin/tiendas/:storeId (issue 19): the store, its state with the suspension's reason, 'Suspender' (a
 * reason, then it leaves the shop; its open orders stay in /comercio) and 'Reabrir', the commission for new
 * orders, and its team: add an existing account by e-mail, remove someone. Actions need admin:manage.
 */
/** `goLive`: the checklist the route shows while the store is pending (issue 31). */
export function AdminStoreScreen({ storeId, goLive }: { storeId: number; goLive?: ReactNode }) {
  const store = useQuery(storeQueryOptions(storeId));
  return (
    <DetailScreen
      query={store}
      block="admin-stores"
      titleId="admin-store-title"
      back={{ to: STAFF_PATHS.adminStores, label: 'Todas las tiendas' }}
      fallbackTitle="Tienda"
      loadingLabel="Cargando la tienda"
      notFound="No hay ninguna tienda con ese número."
    >
      {(store) => <StoreDetail store={store} goLive={goLive} />}
    </DetailScreen>
  );
}

function useStoreUpdate(storeId: number) {
  const queryClient = useQueryClient();
  return async (updated: AdminStoreDetail) => {
    queryClient.setQueryData(storeKey(storeId), updated);
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_STORES_KEY, 'list'] });
  };
}

function StoreDetail({ store, goLive }: { store: AdminStoreDetail; goLive: ReactNode }) {
  const ids = useId();
  const operator = useOperator();
  const canManage = hasPermission(operator, 'admin:manage');
  const update = useStoreUpdate(store.id);
  const [suspending, setSuspending] = useState(false);
  const [reopening, setReopening] = useState(false);

  async function suspend(reason: string) {
    const updated = await suspendStore(store.id, reason);
    setSuspending(false);
    notify({ kind: 'success', title: 'Tienda suspendida', message: 'Ya no se ve en la tienda.' });
    await update(updated);
  }

  async function reopen() {
    if (reopening) return;
    setReopening(true);
    try {
      const updated = await reopenStore(store.id);
      notify({ kind: 'success', title: 'Tienda abierta', message: 'Ya se ve en la tienda.' });
      await update(updated);
    } catch (error) {
      notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) });
    } finally {
      setReopening(false);
    }
  }

  return (
    <>
      <div className="admin-store__head">
        <h1 id="admin-store-title" className="staff-title admin-store__title">
          {store.name}
        </h1>
        <StatusBadge status={store.status} />
      </div>
      <p className="admin-store-card__meta">
        {STORE_KIND_LABELS[store.kind]} · {store.address_line1}, {store.city}
        {store.phone ? ` · ${store.phone}` : ''}
      </p>
      {store.status === 'suspended' ? (
        <p className="notice notice--warn admin-store__notice">
          Suspendida: no se ve en la tienda; su equipo sigue atendiendo los pedidos abiertos.
          {store.status_reason ? ` Motivo: ${store.status_reason}` : ''}
        </p>
      ) : store.status === 'pending' ? (
        <p className="notice admin-store__notice">Pendiente: todavía no se ve en la tienda.</p>
      ) : null}
      {store.status === 'pending' ? goLive : null}
      {canManage && store.status !== 'rejected' ? (
        <div className="admin-store-card__actions">
          {store.status === 'suspended' || store.status === 'pending' ? (
            <button
              type="button"
              className="button button--primary"
              aria-disabled={reopening || undefined}
              onClick={() => void reopen()}
            >
              {reopening ? <Spinner size="small" /> : null}
              {store.status === 'pending' ? 'Publicar' : 'Reabrir'}
            </button>
          ) : null}
          {store.status !== 'suspended' ? (
            <button
              type="button"
              className="button button--secondary admin-danger-button"
              onClick={() => setSuspending(true)}
            >
              Suspender
            </button>
          ) : null}
        </div>
      ) : null}

      <section className="admin-stores__section" aria-labelledby={`${ids}-commission`}>
        <h2 id={`${ids}-commission`} className="admin-stores__heading">
          Comisión
        </h2>
        {canManage ? (
          <CommissionForm store={store} />
        ) : (
          <p className="admin-stores__text">{commissionText(store.commission_rate)}</p>
        )}
      </section>

      <StoreWindowsList storeId={store.id} />

      <section className="admin-stores__section" aria-labelledby={`${ids}-team`}>
        <h2 id={`${ids}-team`} className="admin-stores__heading">
          Equipo
        </h2>
        <Members store={store} canManage={canManage} />
        {canManage ? <AddMemberForm storeId={store.id} /> : null}
      </section>

      {suspending ? (
        <ReasonDialog
          title={`Suspender ${store.name}`}
          label="Motivo"
          confirmLabel="Suspender tienda"
          requiredMessage={ADMIN_STORES_MESSAGES.reasonRequired}
          maxLength={STAFF_REASON_MAX_LENGTH}
          onConfirm={suspend}
          onClose={() => setSuspending(false)}
        >
          <p className="dialog__text">
            La tienda deja de verse en Mandado al instante. Su equipo sigue viendo y entregando los pedidos ya
            hechos.
          </p>
        </ReasonDialog>
      ) : null}
    </>
  );
}

function CommissionForm({ store }: { store: AdminStoreDetail }) {
  const ids = useId();
  const update = useStoreUpdate(store.id);
  const [value, setValue] = useState(store.commission_rate.replace('.', ','));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const percent = parseCommission(value);
    if (percent === null || percent > 50) {
      setError(ADMIN_STORES_MESSAGES.commissionRange);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const updated = await setCommission(store.id, percent);
      notify({ kind: 'success', title: `Comisión: ${commissionText(updated.commission_rate)}` });
      setValue(updated.commission_rate.replace('.', ','));
      await update(updated);
    } catch (failure) {
      setError(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-inline-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        fieldId={`${ids}-rate`}
        label="Comisión (%)"
        required
        error={error}
        hint="Los pedidos nuevos usan esta comisión; los anteriores guardan la suya."
      >
        <input
          {...invalidProps(`${ids}-rate`, error, `${ids}-rate-hint`)}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {busy ? <Spinner size="small" /> : null}
        Guardar comisión
      </button>
    </form>
  );
}

function Members({ store, canManage }: { store: AdminStoreDetail; canManage: boolean }) {
  const update = useStoreUpdate(store.id);
  const [removing, setRemoving] = useState<AdminStoreMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove(member: AdminStoreMember) {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await removeMember(store.id, member.user_id);
      setRemoving(null);
      notify({ kind: 'success', title: `Quitaste a ${member.name || member.email}` });
      await update(updated);
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  if (store.members.length === 0)
    return <p className="admin-stores__text">Nadie trabaja en esta tienda todavía.</p>;
  return (
    <>
      <ul className="admin-stores__list" aria-label="Equipo">
        {store.members.map((member) => (
          <li key={member.user_id} className="admin-member">
            <div className="admin-member__text">
              <Link
                className="admin-member__name"
                to={STAFF_PATHS.adminPerson.replace(':userId', String(member.user_id))}
              >
                {member.name || member.email}
              </Link>
              <span className="admin-member__email">{member.email}</span>
              <span className={`badge admin-role-badge admin-role-badge--${member.role}`}>
                {STORE_MEMBER_ROLE_LABELS[member.role]}
              </span>
            </div>
            {canManage ? (
              <button
                type="button"
                className="button button--secondary button--small admin-member__action"
                onClick={() => {
                  setProblem(null);
                  setRemoving(member);
                }}
              >
                Quitar<span className="visually-hidden"> a {member.name || member.email}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {removing ? (
        <Dialog title={`¿Quitar a ${removing.name || removing.email}?`} onClose={() => setRemoving(null)}>
          <p className="dialog__text">Deja de ver los pedidos de {store.name} desde ya.</p>
          <FormProblem problem={problem} />
          <DialogActions
            confirmLabel="Quitar"
            onCancel={() => setRemoving(null)}
            onConfirm={() => void remove(removing)}
            busy={busy}
          />
        </Dialog>
      ) : null}
    </>
  );
}

function AddMemberForm({ storeId }: { storeId: number }) {
  const ids = useId();
  const update = useStoreUpdate(storeId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'owner' | 'staff'>('staff');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError(MESSAGES.required);
      return;
    }
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      const updated = await addMember(storeId, { email, role });
      notify({ kind: 'success', title: 'Persona sumada al equipo', message: email.trim().toLowerCase() });
      setEmail('');
      await update(updated);
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      if (fields.email) setError(fields.email);
      else setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-card-form" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="admin-stores__subheading">Sumar una cuenta existente</h3>
      <Field fieldId={`${ids}-email`} label="Correo de la cuenta" required error={error}>
        <input
          {...invalidProps(`${ids}-email`, error)}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field fieldId={`${ids}-role`} label="Rol" required error={undefined}>
        <select
          id={`${ids}-role`}
          className="select"
          value={role}
          onChange={(event) => setRole(event.target.value === 'owner' ? 'owner' : 'staff')}
        >
          {STORE_MEMBER_ROLES.map((value) => (
            <option key={value} value={value}>
              {STORE_MEMBER_ROLE_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <FormProblem problem={problem} />
      <button type="submit" className="button button--primary staff-card-form__submit" disabled={busy}>
        {busy ? <Spinner size="small" /> : null}
        Sumar al equipo
      </button>
    </form>
  );
}
