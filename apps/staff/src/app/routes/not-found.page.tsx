import { SHOP_HOME } from '../shop-links.ts';

/** An unknown path in a staff area (the server answers it with status 404 too). */
export function NotFoundPage() {
  return (
    <main className="status-page container" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        No encontramos esta página
      </h1>
      <p className="status-page__text">Puede que el enlace esté mal escrito o que la página ya no exista.</p>
      <a href={SHOP_HOME} className="button button--primary">
        Volver a la tienda
      </a>
    </main>
  );
}
