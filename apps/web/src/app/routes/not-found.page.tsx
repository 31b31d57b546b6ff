import { Link } from 'react-router';

/** Spec §2: the text for an unknown route, with the way home. */
export function NotFoundContent() {
  return (
    <section className="status-page container" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        This page could not be found
      </h1>
      <Link to="/" className="button button--primary">
        Back to the home page
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return <NotFoundContent />;
}
