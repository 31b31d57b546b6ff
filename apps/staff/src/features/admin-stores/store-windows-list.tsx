import { WEEKDAY_LABELS } from '@mandado/shared/store-hours';
import type { StoreWindowsView } from '@mandado/shared/store-windows.schemas';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

/** 'Franjas de entrega' (decision 065), read-only for operators: the owner changes them in /comercio. */
export function StoreWindowsList({ storeId }: { storeId: number }) {
  const ids = useId();
  const windows = useQuery({
    queryKey: ['admin-store-delivery-windows', storeId],
    queryFn: ({ signal }) =>
      apiGet<StoreWindowsView>(`/admin/stores/${segment(storeId)}/delivery-windows/`, signal),
  });
  return (
    <section className="admin-stores__section" aria-labelledby={`${ids}-windows`}>
      <h2 id={`${ids}-windows`} className="admin-stores__heading">
        Franjas de entrega
      </h2>
      {windows.data ? (
        <ul className="admin-stores__text">
          {windows.data.windows.map((window) => (
            <li key={`${window.weekday}-${window.from}`}>
              {WEEKDAY_LABELS[window.weekday]} {window.from}–{window.to} · cupo {window.capacity} · corte{' '}
              {window.cutoff_minutes / 60} h antes
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-stores__text">{windows.isError ? windows.error.message : 'Cargando…'}</p>
      )}
      {windows.data?.defaults ? (
        <p className="admin-stores__text">Las de siempre: la tienda no cambió las suyas.</p>
      ) : null}
    </section>
  );
}
