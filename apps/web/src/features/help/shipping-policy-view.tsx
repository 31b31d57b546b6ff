import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { SHIPPING_FEE_IN_CITY_USD, SHIPPING_FEE_OUTSIDE_CITY_USD } from '@mandado/shared/shipping';

/** Spec §1: per-store shipping, free above the setting's threshold, 24–48 h Monday to Friday, pick-up, popular zones. */
export function ShippingPolicyView({ freeShippingThreshold }: { freeShippingThreshold: string | null }) {
  return (
    <div className="help-view">
      <h3 className="help-view__title">Políticas de envío</h3>
      <section aria-labelledby="help-shipping-cost" className="help-view__section">
        <h4 id="help-shipping-cost" className="help-view__subtitle">
          Costo del envío
        </h4>
        <p>
          Cada tienda de tu pedido cobra su envío: {usdText(SHIPPING_FEE_IN_CITY_USD, { whole: 'short' })}{' '}
          dentro de la ciudad y {usdText(SHIPPING_FEE_OUTSIDE_CITY_USD, { whole: 'short' })} fuera de ella.
          Todo lo que pagas de envío es para el repartidor.
        </p>
        {freeShippingThreshold ? (
          <p className="help-view__note">
            Envío gratis en compras mayores a {usdText(parseMoney(freeShippingThreshold), { whole: 'short' })}
            .
          </p>
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
