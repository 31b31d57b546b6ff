import {
  ADMIN_PEOPLE_MESSAGES,
  type AdminPerson,
  type AdminWallet,
  OPERATOR_GROUP_LABELS,
} from '@mandado/shared/admin-people.schemas';
import { ADMIN_STORES_MESSAGES, STAFF_REASON_MAX_LENGTH } from '@mandado/shared/admin-stores.schemas';
import { dateText, dateTimeText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import {
  hasPermission,
  OPERATOR_GROUPS,
  type OperatorGroup,
  STORE_MEMBER_ROLES,
} from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { STORE_MEMBER_ROLE_LABELS } from '@mandado/shared/store-members.schemas';
import { WALLET_ENTRY_LABELS } from '@mandado/shared/wallet.schemas';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { DetailScreen } from '../../components/detail-screen.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useOperator } from '../../lib/use-operator.ts';
import {
  ADMIN_PEOPLE_KEY,
  grantMembership,
  lockPerson,
  personKey,
  personQueryOptions,
  removeMembership,
  resetSecondFactor,
  setOperatorGroup,
  storeChoicesQueryOptions,
  unlockPerson,
  walletKey,
  walletQueryOptions,
} from './admin-people.api.ts';
import { amountText, rolesText, signedAmountText } from './admin-people-text.ts';
import { WalletAdjustDialog } from './wallet-adjust-dialog.tsx';
import './admin-people.css';

/**
 * /admin/personas/:userId (issue 19): one account. Its roles and operator group, its stores (granting a
 * merchant role: a store and owner or staff), the lock (with a reason; its sessions end) and the wallet
 * ledger with 'Ajustar saldo'. Each action shows only to a group that may take it.
 */
export function AdminPersonScreen({ userId }: { userId: number }) {
  const person = useQuery(personQueryOptions(userId));
  return (
    <DetailScreen
      query={person}
      block="admin-people"
      titleId="admin-person-title"
      back={{ to: STAFF_PATHS.adminPeople, label: 'Todas las personas' }}
      fallbackTitle="Persona"
      loadingLabel="Cargando la cuenta"
      notFound="No hay ninguna cuenta con ese número."
    >
      {(person) => <PersonDetail person={person} />}
    </DetailScreen>
  );
}

function usePersonUpdate(userId: number) {
  const queryClient = useQueryClient();
  return async (updated: AdminPerson) => {
    queryClient.setQueryData(personKey(userId), updated);
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_PEOPLE_KEY, 'list'] });
  };
}

function PersonDetail({ person }: { person: AdminPerson }) {
  const ids = useId();
  const operator = useOperator();
  const canManage = hasPermission(operator, 'admin:manage');
  return (
    <>
      <div className="admin-person__head">
        <h1 id="admin-person-title" className="staff-title admin-person__title">
          {person.name || person.email}
        </h1>
        {person.locked ? <span className="badge admin-locked-badge">Bloqueada</span> : null}
      </div>
      <dl className="admin-person__facts">
        <div>
          <dt>Correo</dt>
          <dd>{person.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>{person.phone || '—'}</dd>
        </div>
        <div>
          <dt>Roles</dt>
          <dd>{rolesText(person.roles, person.operator_group)}</dd>
        </div>
        <div>
          <dt>Cuenta desde</dt>
          <dd>{dateText(person.created)}</dd>
        </div>
        <div>
          <dt>Pedidos</dt>
          <dd>
            {person.orders_total} en total · {person.orders_last_30_days} en los últimos 30 días
          </dd>
        </div>
        <div>
          <dt>Crédito</dt>
          <dd>{amountText(person.credit)}</dd>
        </div>
      </dl>

      <section className="admin-people__section" aria-labelledby={`${ids}-operator`}>
        <h2 id={`${ids}-operator`} className="admin-people__heading">
          Operador
        </h2>
        {canManage ? (
          <OperatorForm person={person} />
        ) : (
          <p className="admin-people__text">
            {person.operator_group ? OPERATOR_GROUP_LABELS[person.operator_group] : 'No es operador.'}
          </p>
        )}
      </section>

      <section className="admin-people__section" aria-labelledby={`${ids}-stores`}>
        <h2 id={`${ids}-stores`} className="admin-people__heading">
          Tiendas
        </h2>
        <Memberships person={person} canManage={canManage} />
        {canManage ? <MembershipForm person={person} /> : null}
      </section>

      <section className="admin-people__section" aria-labelledby={`${ids}-lock`}>
        <h2 id={`${ids}-lock`} className="admin-people__heading">
          Acceso
        </h2>
        <LockSection person={person} canManage={canManage} />
      </section>

      <section className="admin-people__section" aria-labelledby={`${ids}-wallet`}>
        <h2 id={`${ids}-wallet`} className="admin-people__heading">
          Billetera
        </h2>
        <WalletSection
          userId={person.id}
          canAdjust={hasPermission(operator, 'payment:refund') && !person.you}
        />
      </section>
    </>
  );
}

function OperatorForm({ person }: { person: AdminPerson }) {
  const ids = useId();
  const update = usePersonUpdate(person.id);
  const [group, setGroup] = useState<OperatorGroup | ''>(person.operator_group ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const updated = await setOperatorGroup(person.id, group || null);
      notify(
        updated.pending_operator_group && updated.pending_operator_group !== person.pending_operator_group
          ? {
              kind: 'success',
              title: 'Pedido enviado',
              message: 'Otra persona de administración debe aprobarlo en Personas.',
            }
          : {
              kind: 'success',
              title: updated.operator_group
                ? `Operador de ${OPERATOR_GROUP_LABELS[updated.operator_group]}`
                : 'Ya no es operador',
            },
      );
      await update(updated);
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-inline-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        fieldId={`${ids}-group`}
        label="Grupo de operador"
        error={undefined}
        hint={person.you ? 'Es tu cuenta: otra persona de administración puede cambiar tu grupo.' : undefined}
      >
        <select
          id={`${ids}-group`}
          className="select"
          value={group}
          disabled={person.you}
          aria-describedby={person.you ? `${ids}-group-hint` : undefined}
          onChange={(event) => setGroup(event.target.value as OperatorGroup | '')}
        >
          <option value="">Sin rol de operador</option>
          {OPERATOR_GROUPS.map((value) => (
            <option key={value} value={value}>
              {OPERATOR_GROUP_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      {person.you ? null : (
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? <Spinner size="small" /> : null}
          Guardar grupo
        </button>
      )}
      <FormProblem problem={problem} />
      {person.pending_operator_group ? (
        <p className="admin-people__text">
          Pendiente de aprobación: {OPERATOR_GROUP_LABELS[person.pending_operator_group]}.
        </p>
      ) : null}
    </form>
  );
}

function Memberships({ person, canManage }: { person: AdminPerson; canManage: boolean }) {
  const update = usePersonUpdate(person.id);
  const [busyStore, setBusyStore] = useState<number | null>(null);

  async function remove(storeId: number, storeName: string) {
    if (busyStore !== null) return;
    setBusyStore(storeId);
    try {
      const updated = await removeMembership(person.id, storeId);
      notify({ kind: 'success', title: `Ya no trabaja en ${storeName}` });
      await update(updated);
    } catch (error) {
      notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) });
    } finally {
      setBusyStore(null);
    }
  }

  if (person.memberships.length === 0) {
    return <p className="admin-people__text">No trabaja en ninguna tienda.</p>;
  }
  return (
    <ul className="admin-people__list" aria-label="Tiendas de la persona">
      {person.memberships.map((membership) => (
        <li key={membership.store_id} className="admin-membership">
          <div className="admin-membership__text">
            <Link
              className="admin-membership__store"
              to={STAFF_PATHS.adminStore.replace(':storeId', String(membership.store_id))}
            >
              {membership.store_name}
            </Link>
            <span className={`badge admin-people-role admin-people-role--${membership.role}`}>
              {STORE_MEMBER_ROLE_LABELS[membership.role]}
            </span>
          </div>
          {canManage ? (
            <button
              type="button"
              className="button button--secondary button--small admin-membership__action"
              aria-disabled={busyStore === membership.store_id || undefined}
              onClick={() => void remove(membership.store_id, membership.store_name)}
            >
              {busyStore === membership.store_id ? <Spinner size="small" /> : null}
              Quitar<span className="visually-hidden"> de {membership.store_name}</span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function MembershipForm({ person }: { person: AdminPerson }) {
  const ids = useId();
  const update = usePersonUpdate(person.id);
  const stores = useQuery(storeChoicesQueryOptions());
  const [storeId, setStoreId] = useState('');
  const [role, setRole] = useState<'owner' | 'staff'>('staff');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!storeId) {
      setError(MESSAGES.required);
      return;
    }
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      const updated = await grantMembership(person.id, { store_id: Number(storeId), role });
      const store = updated.memberships.find((membership) => membership.store_id === Number(storeId));
      notify({
        kind: 'success',
        title: `${STORE_MEMBER_ROLE_LABELS[role]} de ${store?.store_name ?? 'la tienda'}`,
      });
      setStoreId('');
      await update(updated);
    } catch (failure) {
      setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-card-form" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="admin-people__subheading">Dar acceso a una tienda</h3>
      <Field fieldId={`${ids}-store`} label="Tienda" required error={error}>
        <select
          id={`${ids}-store`}
          className={error ? 'select input--invalid' : 'select'}
          value={storeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-store-error` : undefined}
          onChange={(event) => setStoreId(event.target.value)}
        >
          <option value="">{stores.isPending ? 'Cargando…' : 'Elige una tienda'}</option>
          {stores.data?.results.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
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
        Dar acceso
      </button>
    </form>
  );
}

function LockSection({ person, canManage }: { person: AdminPerson; canManage: boolean }) {
  const update = usePersonUpdate(person.id);
  const [locking, setLocking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function removeSecondFactor() {
    if (busy) return;
    setBusy(true);
    try {
      const updated = await resetSecondFactor(person.id);
      notify({
        kind: 'success',
        title: 'Verificación en dos pasos quitada',
        message: 'Sus sesiones terminaron; podrá activarla de nuevo.',
      });
      await update(updated);
    } catch (error) {
      notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function lock(reason: string) {
    const updated = await lockPerson(person.id, reason);
    setLocking(false);
    notify({ kind: 'success', title: 'Cuenta bloqueada', message: 'Sus sesiones terminaron.' });
    await update(updated);
  }

  async function unlock() {
    if (busy) return;
    setBusy(true);
    try {
      const updated = await unlockPerson(person.id);
      notify({ kind: 'success', title: 'Cuenta desbloqueada', message: 'Ya puede ingresar.' });
      await update(updated);
    } catch (error) {
      notify({ kind: 'error', title: 'Algo salió mal', message: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {person.locked ? (
        <p className="notice notice--warn admin-people__notice">
          Bloqueada{person.locked_at ? ` el ${dateTimeText(person.locked_at)}` : ''}: no puede ingresar.
          {person.locked_reason ? ` Motivo: ${person.locked_reason}` : ''}
        </p>
      ) : (
        <p className="admin-people__text">Puede ingresar.</p>
      )}
      {canManage && !person.you ? (
        person.locked ? (
          <button
            type="button"
            className="button button--secondary admin-people__action"
            aria-disabled={busy || undefined}
            onClick={() => void unlock()}
          >
            {busy ? <Spinner size="small" /> : null}
            Desbloquear
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary admin-people__danger admin-people__action"
            onClick={() => setLocking(true)}
          >
            Bloquear cuenta
          </button>
        )
      ) : null}
      <p className="admin-people__text">
        Verificación en dos pasos: {person.second_factor ? 'activa' : 'no activada'}.
      </p>
      {canManage && !person.you && person.second_factor ? (
        <button
          type="button"
          className="button button--secondary admin-people__action"
          aria-disabled={busy || undefined}
          onClick={() => void removeSecondFactor()}
        >
          Quitar verificación en dos pasos
        </button>
      ) : null}
      {locking ? (
        <ReasonDialog
          title={`Bloquear a ${person.name || person.email}`}
          label="Motivo (solo lo ve el equipo)"
          confirmLabel="Bloquear cuenta"
          requiredMessage={ADMIN_STORES_MESSAGES.reasonRequired}
          maxLength={STAFF_REASON_MAX_LENGTH}
          onConfirm={lock}
          onClose={() => setLocking(false)}
        >
          <p className="dialog__text">
            Se cierran sus sesiones al instante y no podrá ingresar, aunque cambie su contraseña, hasta que la
            desbloquees. Al intentarlo verá: «{ADMIN_PEOPLE_MESSAGES.accountLocked}»
          </p>
        </ReasonDialog>
      ) : null}
    </>
  );
}

function WalletSection({ userId, canAdjust }: { userId: number; canAdjust: boolean }) {
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQueryOptions(userId));
  const [adjusting, setAdjusting] = useState(false);

  async function adjusted(updated: AdminWallet) {
    setAdjusting(false);
    notify({
      kind: 'success',
      title: 'Saldo ajustado',
      message: `Saldo: ${amountText(updated.balance)}`,
    });
    queryClient.setQueryData(walletKey(userId), updated);
    await queryClient.invalidateQueries({ queryKey: personKey(userId) });
  }

  if (wallet.isPending) return <Spinner label="Cargando la billetera" />;
  if (wallet.isError)
    return <QueryError message={wallet.error.message} onRetry={() => void wallet.refetch()} />;
  return (
    <>
      <p className="admin-people__balance">
        Saldo: <strong>{amountText(wallet.data.balance)}</strong>
      </p>
      {canAdjust ? (
        <button
          type="button"
          className="button button--secondary admin-people__action"
          onClick={() => setAdjusting(true)}
        >
          Ajustar saldo
        </button>
      ) : null}
      {wallet.data.entries.length === 0 ? (
        <p className="admin-people__text">Sin movimientos.</p>
      ) : (
        <ul className="admin-people__list" aria-label="Movimientos">
          {wallet.data.entries.map((entry) => (
            <li key={entry.id} className="admin-ledger-row">
              <div className="admin-ledger-row__text">
                <span className="admin-ledger-row__kind">{WALLET_ENTRY_LABELS[entry.kind]}</span>
                <span className="admin-ledger-row__meta">
                  {dateTimeText(entry.created)}
                  {entry.order ? ` · Pedido ${entry.order}` : ''}
                  {entry.created_by ? ` · por ${entry.created_by}` : ''}
                </span>
                {entry.note ? <span className="admin-ledger-row__note">{entry.note}</span> : null}
              </div>
              <span
                className={`admin-ledger-row__amount${Number(entry.amount) < 0 ? ' admin-ledger-row__amount--minus' : ''}`}
              >
                {signedAmountText(entry.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {adjusting ? (
        <WalletAdjustDialog
          userId={userId}
          balance={wallet.data.balance}
          onDone={adjusted}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </>
  );
}
