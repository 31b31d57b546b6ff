import { Link } from 'react-router';

/** Spec §2: the text for an unknown route, with the way home; in Spanish, not the spec's English (decision 033). */
export function NotFoundContent() {
  return (
    <section className="status-page container" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        No encontramos esta página
      </h1>
      <p className="status-page__text">Puede que el enlace esté mal escrito o que la página ya no exista.</p>
      <Link to="/" className="button button--primary">
        Volver al inicio
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return <NotFoundContent />;
}
