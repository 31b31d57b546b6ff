import { supportHoursSentence } from '@mandado/shared/support-contact';
import { Link } from 'react-router';
import { useShippingFigures } from '../../hooks/use-shipping-figures.ts';
import { useSupportContact } from '../../hooks/use-support-contact.ts';

/** Spec §1 and §2 /termsandconditions: the terms of a purchase (who sells, prices, payment, delivery, refunds). */
export function TermsAndConditionsPage() {
  // The support e-mail and hours are settings (decision 038): the same on every page.
  const support = useSupportContact();
  // The fees and the threshold are settings too: the terms quote what is charged today.
  const shipping = useShippingFigures();
  return (
    <article className="container page-section prose">
      <h1>Términos y condiciones</h1>
      <p className="prose__note">Última actualización: 27 de noviembre de 2026.</p>

      <h2>1. Quiénes somos</h2>
      <p>
        Mandado es un servicio operado por una sociedad registrada en el Estado de Delaware, Estados Unidos.
        En estos términos, «Mandado» y «nosotros» se refieren a esa sociedad; «tú» eres la persona que usa el
        sitio y compra en él.
      </p>

      <h2>2. El servicio</h2>
      <p>
        Mandado es un mercado en línea de tiendas oficiales adheridas de Uruguay. Te permite comprar, desde
        Uruguay o desde el exterior, productos de esas tiendas para que se entreguen a la persona que elijas.
        Quien paga es el <strong>remitente</strong>; quien recibe la compra es el{' '}
        <strong>beneficiario</strong>. Un mismo pedido puede reunir productos de varias tiendas.
      </p>
      <p>
        Cada tienda es responsable de los productos que vende, de su descripción y de su calidad. Las imágenes
        son ilustrativas y pueden variar levemente respecto del producto entregado.
      </p>

      <h2>3. Quién puede comprar</h2>
      <p>
        Pueden registrarse y comprar las personas mayores de edad que tengan una tarjeta de débito o de
        crédito a su nombre. Al registrarte te comprometes a dar datos verdaderos y a mantenerlos al día. La
        compra mínima es de un producto y no hay compra máxima.
      </p>

      <h2>4. Precios y monedas</h2>
      <p>
        Puedes ver los precios en la moneda que elijas. Esos importes son una referencia: el cargo se hace en
        la moneda del pedido, el procesador de pagos te muestra una estimación y{' '}
        <strong>tu banco hace la conversión final</strong>, con su propio tipo de cambio y sus comisiones. Los
        precios publicados ya incluyen el margen del servicio.
      </p>

      <h2>5. Medios de pago</h2>
      <ul>
        <li>PayPal.</li>
        <li>
          Tarjetas de débito y de crédito: Mastercard, Visa, American Express, JCB, Discover, Diners Club y
          Apple Pay. La tarjeta puede ser de cualquier país y estar en cualquier moneda.
        </li>
        <li>Billetera web.</li>
        <li>
          Transferencias bancarias y depósitos en efectivo, con las instrucciones que te mostramos al pagar.
          En algunos países estos dos medios no están disponibles; si es tu caso, escríbenos y te ayudamos.
        </li>
      </ul>
      <p>No aceptamos pagos por Zelle.</p>

      <h2>6. Envíos y entregas</h2>
      <p>
        Por ahora entregamos solo en Montevideo. Los pedidos los llevan repartidores independientes al
        domicilio del beneficiario en un plazo de <strong>24 a 48 horas, de lunes a viernes</strong>. En las
        zonas donde no es posible entregar en la puerta, el repartidor coordina con el beneficiario un punto
        de encuentro cercano. También puedes elegir retirar el pedido en la tienda.
      </p>
      <p>
        {shipping
          ? `El envío cuesta ${shipping.inCity} por tienda dentro de la ciudad y ${shipping.outsideCity} por tienda fuera de ella, y es gratis en las compras mayores a ${shipping.freeFrom}.`
          : 'El envío se cobra por tienda, según esté dentro o fuera de la ciudad, y es gratis en las compras que superan el mínimo indicado al pie de la página.'}{' '}
        Todo lo que pagas por el envío es para el repartidor.
      </p>

      <h2>7. Productos no recibidos y reembolsos</h2>
      <p>
        Si el beneficiario no recibió uno o más productos de tu pedido, te devolvemos el dinero de esos
        productos por el mismo medio con el que pagaste. Para pedirlo, escríbenos a{' '}
        <a href={`mailto:${support.email}`}>{support.email}</a> con el número de pedido y los productos que
        faltaron.
      </p>

      <h2>8. Derecho de arrepentimiento y devoluciones</h2>
      <p>
        Como toda compra a distancia, la puedes dejar sin efecto dentro de los{' '}
        <strong>5 días hábiles siguientes a la entrega</strong>, sin dar motivo (Ley 17.250 de Defensa del
        Consumidor, artículo 16). El día de la entrega no cuenta, y tampoco los sábados, los domingos ni los
        feriados de Uruguay. Lo puede pedir quien compró, desde Mis Compras, o quien recibió, desde el enlace
        de seguimiento; la página del pedido dice hasta cuándo.
      </p>
      <p>Según el artículo 16 bis, no se pueden devolver:</p>
      <ul>
        <li>los productos perecederos, como frutas, verduras y carne;</li>
        <li>los productos de higiene personal y de farmacia que venían sellados;</li>
        <li>los productos que la tienda marca «No admite devolución».</li>
      </ul>
      <p>
        Para pedir una devolución eliges los productos y las cantidades, cuentas el motivo y puedes agregar
        una foto. La tienda la acepta o te explica por qué no; si no estás de acuerdo, escríbenos y la
        revisamos. Si se acepta, un repartidor pasa a retirar los productos por la dirección de entrega: quien
        los entrega le da el código de retiro que figura en la página del pedido. Cuando la tienda confirma
        que los recibió, te devolvemos lo que pagaste por esos productos, a la tarjeta con la que pagaste o
        como saldo en Mandado, según elegiste. Si devuelves todo lo que compraste en esa tienda, también te
        devolvemos su envío.
      </p>

      <h2>9. Programa de referidos</h2>
      <p>
        Cada amigo que invites recibe 5 de crédito en su primera compra, si esa compra es de al menos 50, y tú
        ganas 5 de crédito. El crédito se usa en compras dentro de Mandado.
      </p>

      <h2>10. Cambios en estos términos</h2>
      <p>
        Podemos actualizar estos términos para reflejar cambios del servicio o de la ley. La fecha de la
        última actualización figura arriba; cada compra se rige por los términos vigentes el día en que la
        hiciste.
      </p>

      <h2>11. Contacto</h2>
      <p>
        Escríbenos a <a href={`mailto:${support.email}`}>{support.email}</a>.{' '}
        {supportHoursSentence(support.hours)} Cómo usamos tus datos y los del beneficiario está explicado en
        los <Link to="/termsuse">términos de uso y privacidad</Link>.
      </p>
    </article>
  );
}
