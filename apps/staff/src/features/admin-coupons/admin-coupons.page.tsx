import type { AdminCoupon } from '@mandado/shared/admin-coupons.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { hasPermission } from '@mandado/shared/permissions';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useOperator } from '../../lib/use-operator.ts';
import { COUPONS_KEY, couponsQueryOptions, updateCoupon } from './admin-coupons.api.ts';
import { CouponDialog } from './coupon-dialog.tsx';
import {
  couponStateText,
  couponValueText,
  draftFrom,
  inputFrom,
  minimumPurchaseText,
  usesText,
} from './coupon-text.ts';
import './admin-coupons.css';

/**
 * `/admin/cupones` (issue 19): every coupon, newest first, searchable by code, with its terms and uses;
 * administración creates and edits them in a dialog and can end one at once. Other groups only read.
 */
export function AdminCoupons() {
  const ids = useId();
  const canEdit = hasPermission(useOperator(), 'admin:manage');
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const list = useInfiniteQuery(couponsQueryOptions(search));

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(typed.trim());
  }

  async function saved(coupon: AdminCoupon, verb: string) {
    setEditing(null);
    notify({ kind: 'success', title: `Cupón ${coupon.code} ${verb}` });
    await queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
  }

  async function end(coupon: AdminCoupon) {
    try {
      const ended = await updateCoupon(coupon.id, {
        ...inputFrom(draftFrom(coupon)),
        valid_from: coupon.valid_from,
        valid_until: new Date().toISOString(),
      });
      await saved(ended, 'terminado');
    } catch (failure) {
      notify({
        kind: 'error',
        title: 'No se pudo terminar',
        message: failureText(failure) ?? MESSAGES.serverError,
      });
    }
  }

  const coupons = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <div className="admin-coupons">
      <header className="admin-coupons__head">
        <h1 className="staff-title">Cupones</h1>
        {canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Nuevo cupón
          </button>
        ) : null}
      </header>
      <search>
        <form className="admin-coupons__search" onSubmit={onSearch}>
          <label className="field-label" htmlFor={`${ids}-q`}>
            Buscar por código
          </label>
          <div className="admin-coupons__search-row">
            <input
              id={`${ids}-q`}
              className="input"
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="button button--secondary">
              Buscar
            </button>
          </div>
        </form>
      </search>
      {list.isPending ? (
        <Spinner label="Cargando los cupones" />
      ) : list.isError ? (
        <QueryError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : coupons.length === 0 ? (
        <EmptyState title={search ? 'Ningún cupón con ese código.' : 'Todavía no hay cupones.'} />
      ) : (
        <ul className="admin-coupons__list">
          {coupons.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard
                coupon={coupon}
                canEdit={canEdit}
                onEdit={() => setEditing(coupon)}
                onEnd={() => void end(coupon)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary admin-coupons__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Ver más
        </button>
      ) : null}
      {editing ? (
        <CouponDialog
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(coupon) => void saved(coupon, editing === 'new' ? 'creado' : 'guardado')}
        />
      ) : null}
    </div>
  );
}

function CouponCard({
  coupon,
  canEdit,
  onEdit,
  onEnd,
}: {
  coupon: AdminCoupon;
  canEdit: boolean;
  onEdit: () => void;
  onEnd: () => void;
}) {
  const ids = useId();
  const state = couponStateText(coupon, new Date());
  return (
    <article className="coupon-card" aria-labelledby={`${ids}-code`}>
      <p className="coupon-card__head">
        <strong id={`${ids}-code`} className="coupon-card__code">
          {coupon.code}
        </strong>
        <span className={`coupon-chip coupon-chip--${state.state}`}>{state.label}</span>
      </p>
      <p className="coupon-card__value">{couponValueText(coupon)}</p>
      <dl className="coupon-card__terms">
        <div>
          <dt>Compra mínima</dt>
          <dd>{minimumPurchaseText(coupon.minimum_purchase)}</dd>
        </div>
        <div>
          <dt>Validez</dt>
          <dd>
            {coupon.valid_from ? `desde el ${dateTimeText(coupon.valid_from)}` : 'desde ya'}
            {coupon.valid_until ? `, hasta el ${dateTimeText(coupon.valid_until)}` : ', sin fin'}
          </dd>
        </div>
        <div>
          <dt>Usos</dt>
          <dd>{usesText(coupon)}</dd>
        </div>
      </dl>
      {canEdit ? (
        <div className="coupon-card__actions">
          <button type="button" className="button button--secondary" onClick={onEdit}>
            Editar
          </button>
          {state.state === 'ended' ? null : (
            <button type="button" className="button button--ghost" onClick={onEnd}>
              Terminar ahora
            </button>
          )}
        </div>
      ) : null}
    </article>
  );
}
