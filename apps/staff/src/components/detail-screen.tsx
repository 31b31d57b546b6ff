import { Spinner } from '@mandado/web-kit/spinner.tsx';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailFailure } from './detail-failure.tsx';

interface DetailScreenProps<T> {
  query: UseQueryResult<T, Error>;
  /** The section's class: its feature's CSS block ('admin-stores'); the back link is `${block}__back`. */
  block: string;
  /** The id of the h1, which the detail renders once loaded; while failing, the fallback title has it. */
  titleId: string;
  back: { to: string; label: string };
  /** The h1 while the record cannot be shown ('Tienda'). */
  fallbackTitle: string;
  loadingLabel: string;
  /** 'No hay ninguna tienda con ese número.' */
  notFound: string;
  children: (data: T) => ReactNode;
}

/**
 * The frame of a back-office record's page (a store, an account): the way back to its list, then the
 * record, a spinner while it loads, or DetailFailure with a title of its own when it cannot be shown.
 */
export function DetailScreen<T>({
  query,
  block,
  titleId,
  back,
  fallbackTitle,
  loadingLabel,
  notFound,
  children,
}: DetailScreenProps<T>) {
  return (
    <section className={block} aria-labelledby={titleId}>
      <Link className={`${block}__back`} to={back.to}>
        ← {back.label}
      </Link>
      {query.isPending ? (
        <Spinner label={loadingLabel} />
      ) : query.isError ? (
        <>
          <h1 id={titleId} className="staff-title">
            {fallbackTitle}
          </h1>
          <DetailFailure error={query.error} onRetry={() => void query.refetch()} notFound={notFound} />
        </>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
