import { SUPPORT_EMAIL } from '../../lib/contact.ts';

/** Terms of use, plus the help sections the footer links to (shipping, FAQ, contact). */
export function TermsUsePage() {
  return (
    <article className="container page-section prose">
      <h1>Términos de uso</h1>
      <p className="prose__note">Última actualización: este texto es provisorio.</p>
      <p>
        Al usar Mandado aceptás usar el sitio de buena fe, dar datos verdaderos de quien recibe la compra y no
        intentar afectar el funcionamiento del servicio.
      </p>
      <p>
        Los nombres, marcas e imágenes de los productos pertenecen a sus dueños. Mandado es una empresa
        registrada en Delaware, EE. UU.
      </p>

      <h2 id="politicas-de-envio">Políticas de envío</h2>
      <p>
        Entregamos a domicilio en 24 a 48 horas, de lunes a viernes. El envío cuesta 2,99 por tienda dentro de
        la ciudad y 4,99 por tienda fuera de ella, y es gratis en compras que superan el mínimo indicado al
        pie de la página. Todo el costo del envío va para el repartidor.
      </p>

      <h2 id="preguntas-frecuentes">Preguntas Frecuentes</h2>
      <h3>¿A qué ciudades envían?</h3>
      <p>Por ahora solo a Montevideo. Si no ves tu ciudad, pedila desde la pantalla de ciudades.</p>
      <h3>¿Puedo pagar desde el exterior?</h3>
      <p>Sí. Podés pagar con tarjetas de débito o crédito de cualquier país y en cualquier moneda.</p>
      <h3>¿Qué pasa si falta un producto?</h3>
      <p>Te devolvemos el dinero de los productos que la persona que recibe no recibió.</p>

      <h2 id="contactenos">Contáctenos</h2>
      <p>
        Escribinos a <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Atendemos de Lunes a Domingo,
        8:00am a 8:00pm.
      </p>
    </article>
  );
}
