import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { goLiveQueryOptions } from './go-live.api.ts';
import { GoLiveChecklistView } from './go-live-checklist.tsx';

/**
 * 'Antes de publicar tu tienda' (issue 31) at the top of /comercio/tienda while the store is approved but not
 * yet published: what is done and what is left, each item linking to where it is done. A published store
 * has nothing to show here.
 */
export function GoLiveSection({ store }: { store: MerchantStore }) {
  if (store.status !== 'pending') return null;
  return <PendingChecklist storeId={store.id} />;
}

function PendingChecklist({ storeId }: { storeId: number }) {
  const ids = useId();
  const checklist = useQuery(goLiveQueryOptions(storeId));
  return (
    <section className="store-settings__section go-live" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Antes de publicar tu tienda
      </h2>
      {checklist.isPending ? (
        <Spinner label="Cargando lo que falta para publicar" />
      ) : checklist.isError ? (
        <QueryError message={checklist.error.message} onRetry={() => void checklist.refetch()} />
      ) : (
        <>
          <p className="store-settings__text">
            {checklist.data.ready
              ? 'Está todo listo: te avisamos cuando la publiquemos.'
              : 'Tu tienda está aprobada. La publicamos cuando completes esta lista:'}
          </p>
          <GoLiveChecklistView checklist={checklist.data} links />
        </>
      )}
    </section>
  );
}
