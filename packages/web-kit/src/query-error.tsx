interface QueryErrorProps {
  message: string;
  onRetry?: () => void;
}

/** A failed load with the server's text (spec §8) and a way to try again. */
export function QueryError({ message, onRetry }: QueryErrorProps) {
  return (
    <div className="query-error" role="alert">
      <p className="query-error__title">No pudimos cargar esta información.</p>
      <p className="query-error__message">{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
