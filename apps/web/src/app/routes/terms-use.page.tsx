import { supportHoursSentence } from '@mandado/shared/support-contact';
import { Link } from 'react-router';
import { useShippingFigures } from '../../hooks/use-shipping-figures.ts';
import { useSupportContact } from '../../hooks/use-support-contact.ts';

/**
 * Spec §2 /termsuse: terms of use, privacy (remitters' and beneficiaries' data) and cookies, plus the help
 * sections the footer links to by anchor (shipping policies, FAQ, contact).
 */
export function TermsUsePage() {
  // The support e-mail and hours are settings (decision 038): the same on every page.
  const support = useSupportContact();
  // The fees and the threshold are settings too: the terms quote what is charged today.
  const shipping = useShippingFigures();
  const mail = <a href={`mailto:${support.email}`}>{support.email}</a>;
  return (
    <article className="container page-section prose">
      <h1>Términos de uso y privacidad</h1>
      <p className="prose__note">Última actualización: 22 de noviembre de 2026.</p>

      <h2>Uso del sitio</h2>
      <p>
        Mandado es un servicio operado por una sociedad registrada en el Estado de Delaware, Estados Unidos.
        Al usarlo aceptas estos términos y los <Link to="/termsandconditions">términos y condiciones</Link> de
        compra. Te pedimos usar el sitio de buena fe, dar datos verdaderos, cuidar la contraseña de tu cuenta
        y no intentar afectar el funcionamiento del servicio ni acceder a datos de otras personas.
      </p>
      <p>Los nombres, marcas e imágenes de los productos pertenecen a sus dueños.</p>

      <h2>Datos personales</h2>
      <p>
        Lo que sigue resume nuestra <Link to="/privacidad">política de privacidad</Link>, que dice quién trata
        tus datos, con qué proveedores y en qué países, y cómo ejercer tus derechos.
      </p>
      <h3>Qué datos tratamos</h3>
      <ul>
        <li>
          <strong>Del remitente</strong> (quien compra): nombre, apellido, correo electrónico, teléfono, sus
          pedidos y su crédito. Los pagos con tarjeta los procesa un procesador de pagos; Mandado no guarda el
          número completo de tu tarjeta.
        </li>
        <li>
          <strong>Del beneficiario</strong> (quien recibe): nombre, teléfono y dirección de entrega. Estos
          datos nos los da el remitente, que debe contar con el consentimiento del beneficiario para hacerlo.
        </li>
      </ul>
      <h3>Para qué los usamos</h3>
      <p>
        Solo para preparar y entregar los pedidos y para darte soporte. Compartimos con la tienda y con el
        repartidor únicamente lo necesario para la entrega. <strong>No vendemos datos personales</strong> ni
        los cedemos para publicidad.
      </p>
      <h3>Cuánto tiempo los guardamos</h3>
      <p>
        Mientras tu cuenta esté activa. Después, solo lo que exijan las obligaciones legales, contables y de
        prevención del fraude, y durante el plazo que esas obligaciones fijen.
      </p>
      <h3>Tus derechos</h3>
      <p>
        Puedes pedir acceso a tus datos, su rectificación o su eliminación, y también los del beneficiario que
        cargaste, escribiendo a {mail}. Te respondemos por el mismo medio, de acuerdo con la normativa
        aplicable, incluida la Ley N.º 18.331 de protección de datos personales de Uruguay.
      </p>

      <h2>Cookies</h2>
      <p>
        Usamos solo las cookies necesarias para que el sitio funcione: la de tu sesión, que te mantiene
        conectado; una de seguridad que protege tus formularios; una con solo el número de tu ciudad, para que
        la lista de tiendas te llegue lista, y una que solo indica si ya guardaste una dirección de entrega
        (no la dirección), para no volver a ofrecértela. Tu ciudad, tu tienda, tu moneda y tu dirección se
        guardan en tu navegador para recordarlas. No ponemos cookies publicitarias.
      </p>

      <h2 id="politicas-de-envio">Políticas de envío</h2>
      <p>
        Entregamos en Montevideo, a domicilio, en 24 a 48 horas, de lunes a viernes, con repartidores
        independientes. En las zonas donde no es posible entregar en la puerta, el repartidor coordina un
        punto de encuentro con quien recibe. También puedes retirar el pedido en la tienda.
      </p>
      <p>
        {shipping
          ? `El envío cuesta ${shipping.inCity} por tienda dentro de la ciudad y ${shipping.outsideCity} por tienda fuera de ella, y es gratis en las compras mayores a ${shipping.freeFrom}.`
          : 'El envío se cobra por tienda, según esté dentro o fuera de la ciudad, y es gratis en las compras que superan el mínimo indicado al pie de la página.'}{' '}
        Todo el costo del envío es para el repartidor.
      </p>

      <h2 id="preguntas-frecuentes">Preguntas Frecuentes</h2>
      <h3>¿A qué ciudades envían?</h3>
      <p>Por ahora solo a Montevideo. Si no ves tu ciudad, pídela desde la pantalla de ciudades.</p>
      <h3>¿Puedo pagar desde el exterior?</h3>
      <p>
        Sí. Puedes pagar con tarjetas de débito o de crédito de cualquier país y en cualquier moneda; tu banco
        hace la conversión final.
      </p>
      <h3>¿Qué pasa si falta un producto?</h3>
      <p>Te devolvemos el dinero de los productos que el beneficiario no recibió.</p>
      <h3>¿Cómo sé en qué estado está mi pedido?</h3>
      <p>Escríbenos por WhatsApp o por correo con el número de pedido.</p>

      <h2 id="contactenos">Contáctanos</h2>
      <p>
        Escríbenos a {mail}. {supportHoursSentence(support.hours)}
      </p>
    </article>
  );
}
