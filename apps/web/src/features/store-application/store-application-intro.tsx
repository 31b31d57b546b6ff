import './store-application.css';

/** Issue 18: why a store sells on Mandado, in two sentences, above the application. */
export function StoreApplicationIntro({ titleId }: { titleId: string }) {
  return (
    <header className="store-application__intro">
      <p className="eyebrow">Para tiendas y comercios</p>
      <h1 id={titleId} className="page-heading__title">
        Vende en Mandado
      </h1>
      <p className="store-application__lead">
        Con Mandado, uruguayos que viven en el exterior compran en tu tienda para su familia y pagan en línea
        antes de que prepares nada. Tú preparas el pedido y lo entregas al repartidor o a quien pase a
        retirarlo, sin cobrar en el mostrador. Completa la solicitud y te escribimos en los próximos días
        hábiles.
      </p>
    </header>
  );
}
