import { SHOP_HOME } from '../shop-links.ts';

/** A logged-in shopper (or a member opening the back office) who has no business in this area. */
export function NoAccessPage() {
  return (
    <main className="status-page container" aria-labelledby="no-access-title">
      <h1 id="no-access-title" className="status-page__title">
        No tienes acceso a esta sección
      </h1>
      <p className="status-page__text">
        Esta parte de Mandado es para comercios y para nuestro equipo. Si crees que deberías tener acceso,
        escríbenos.
      </p>
      <a href={SHOP_HOME} className="button button--primary">
        Volver a la tienda
      </a>
    </main>
  );
}
