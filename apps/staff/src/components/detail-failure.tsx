import { ApiError } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';

/**
 * What a back-office detail page (an order, a store, an account) shows when its query failed: a number that
 * names nothing is said plainly, with nothing to retry; any other failure can be retried.
 */
export function DetailFailure({
  error,
  onRetry,
  notFound,
}: {
  error: Error;
  onRetry: () => void;
  /** 'No hay ninguna tienda con ese número.' */
  notFound: string;
}) {
  return error instanceof ApiError && error.status === 404 ? (
    <EmptyState title={notFound} />
  ) : (
    <QueryError message={error.message} onRetry={onRetry} />
  );
}
