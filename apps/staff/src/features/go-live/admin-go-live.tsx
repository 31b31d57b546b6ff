import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminGoLiveQueryOptions } from './go-live.api.ts';
import { GoLiveChecklistView } from './go-live-checklist.tsx';

/** The operator's copy of a pending store's checklist (issue 31), above 'Publicar', which needs it done. */
export function AdminGoLive({ storeId }: { storeId: number }) {
  const ids = useId();
  const checklist = useQuery(adminGoLiveQueryOptions(storeId));
  return (
    <section className="admin-stores__section" aria-labelledby={`${ids}-go-live`}>
      <h2 id={`${ids}-go-live`} className="admin-stores__heading">
        Para publicarla
      </h2>
      {checklist.isPending ? (
        <Spinner label="Cargando lo que falta para publicarla" />
      ) : checklist.isError ? (
        <QueryError message={checklist.error.message} onRetry={() => void checklist.refetch()} />
      ) : (
        <GoLiveChecklistView checklist={checklist.data} links={false} />
      )}
    </section>
  );
}
