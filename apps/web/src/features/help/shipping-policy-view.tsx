import { useShippingFigures } from '../../hooks/use-shipping-figures.ts';

/**
 * Spec §1: per-store shipping, free above the threshold, 24–48 h Monday to Friday, pick-up, popular zones. The
 * fees and the threshold are the settings' (operators change them in Ajustes); until they load, the sentence
 * says how shipping works without a figure.
 */
export function ShippingPolicyView() {
  const figures = useShippingFigures();
  return (
    <div className="help-view">
      <h3 className="help-view__title">Políticas de envío</h3>
      <section aria-labelledby="help-shipping-cost" className="help-view__section">
        <h4 id="help-shipping-cost" className="help-view__subtitle">
          Costo del envío
        </h4>
        <p>
          {figures
            ? `Cada tienda de tu pedido cobra su envío: ${figures.inCity} dentro de la ciudad y ${figures.outsideCity} fuera de ella.`
            : 'Cada tienda de tu pedido cobra su envío, según esté dentro o fuera de la ciudad.'}{' '}
          Todo lo que pagas de envío es para el repartidor.
        </p>
        {figures ? (
          <p className="help-view__note">Envío gratis en compras mayores a {figures.freeFrom}.</p>
        ) : null}
      </section>
      <section aria-labelledby="help-shipping-time" className="help-view__section">
        <h4 id="help-shipping-time" className="help-view__subtitle">
          Plazo de entrega
        </h4>
        <p>
          Repartidores independientes entregan a domicilio en 24 a 48 horas, de lunes a viernes. Por ahora
          enviamos solo dentro de Montevideo.
        </p>
      </section>
      <section aria-labelledby="help-shipping-pickup" className="help-view__section">
        <h4 id="help-shipping-pickup" className="help-view__subtitle">
          Retiro en la tienda
        </h4>
        <p>
          Si prefieres, al pagar elige «Retiro en la tienda» y quien recibe pasa a buscar la compra por la
          dirección de cada tienda.
        </p>
      </section>
      <section aria-labelledby="help-shipping-zones" className="help-view__section">
        <h4 id="help-shipping-zones" className="help-view__subtitle">
          Zonas populares
        </h4>
        <p>
          En general no entregamos dentro de zonas populares: el repartidor llama a quien recibe y acuerdan un
          punto de encuentro cercano.
        </p>
      </section>
    </div>
  );
}
