import { PRIVACY_POLICY_VERSION } from '@mandado/shared/legal-versions';
import { SETTINGS_REGISTRY } from '@mandado/shared/settings-registry';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { useSupportContact } from '../../hooks/use-support-contact.ts';

/** '2026-11-27' as '27/11/2026', the way Uruguay writes a date. */
function versionDate(version: string): string {
  const [year, month, day] = version.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * /privacidad (issue 32): the privacy policy registration asks to accept, in the terms Ley 18.331 asks for:
 * who the controller is, the purposes, the processors and their countries, the international transfers, how
 * long data is kept, the rights and the authority. Its version is the one registration records.
 */
export function PrivacyPage() {
  const support = useSupportContact();
  // The figure the retention sweep applies (issue 32); the registry's default until who-am-I answers.
  const retentionDays =
    usePublicSettings()?.personal_data_retention_days ??
    SETTINGS_REGISTRY.personal_data_retention_days.default;
  const mail = <a href={`mailto:${support.email}`}>{support.email}</a>;
  return (
    <article className="container page-section prose">
      <h1>Política de privacidad</h1>
      <p className="prose__note">
        Versión del {versionDate(PRIVACY_POLICY_VERSION)}. Al crear tu cuenta aceptas esta versión; si cambia,
        te la volvemos a mostrar.
      </p>

      <h2>Quién trata tus datos</h2>
      <p>
        El responsable de la base de datos es Mandado, una sociedad registrada en el Estado de Delaware,
        Estados Unidos, que ofrece su servicio en Uruguay y cumple la Ley N.º 18.331 de protección de datos
        personales y su reglamentación. Para cualquier consulta sobre tus datos escríbenos a {mail}.
      </p>

      <h2>Qué datos tratamos y para qué</h2>
      <ul>
        <li>
          <strong>Tus datos de cuenta</strong> (nombre, apellido, correo electrónico, teléfono y contraseña
          cifrada): para identificarte, avisarte del estado de tus pedidos y darte soporte.
        </li>
        <li>
          <strong>Los datos de quien recibe</strong> (nombre, teléfono y dirección): solo para entregar el
          pedido. Nos los das tú, y debes contar con el consentimiento de esa persona.
        </li>
        <li>
          <strong>Tus pedidos y pagos</strong>: para preparar, entregar y cobrar cada pedido, devolver lo que
          corresponda y llevar la contabilidad que exige la ley. Nunca guardamos el número completo de tu
          tarjeta: lo recibe el procesador de pagos.
        </li>
        <li>
          <strong>Pedidos de farmacia</strong>: lo que compras en una farmacia puede revelar datos de salud,
          que la ley considera sensibles. Solo los ven esa farmacia y las personas de Mandado autorizadas para
          atenderlos, y no los enviamos a terceros.
        </li>
      </ul>
      <p>No vendemos datos personales ni los usamos para publicidad de terceros.</p>

      <h2>Quiénes nos ayudan y dónde están</h2>
      <p>Compartimos con cada uno solo lo necesario para su tarea:</p>
      <ul>
        <li>Las tiendas y los repartidores en Montevideo, Uruguay: los datos de entrega de cada pedido.</li>
        <li>
          Stripe (Estados Unidos) y PayPal (Estados Unidos y Luxemburgo): los pagos con tarjeta o PayPal.
        </li>
        <li>Nuestro proveedor de correo electrónico: los avisos que te enviamos por correo.</li>
        <li>
          Meta (WhatsApp, Estados Unidos e Irlanda) y nuestro proveedor de SMS (Estados Unidos): los avisos de
          entrega a ti y a quien recibe, si no pediste dejar de recibirlos.
        </li>
        <li>
          Nuestro proveedor de alojamiento y almacenamiento de archivos: los servidores donde vive el
          servicio.
        </li>
      </ul>

      <h2>Transferencias internacionales</h2>
      <p>
        Tú compras desde el exterior y algunos de estos proveedores están fuera de Uruguay. Solo transferimos
        datos a países con un nivel de protección adecuado según la Unidad Reguladora y de Control de Datos
        Personales (URCDP), como los de la Unión Europea, o a empresas que se comprometen por contrato, o por
        marcos reconocidos como el Data Privacy Framework de Estados Unidos, a proteger tus datos como lo
        exige la ley uruguaya, y siempre que sea necesario para cumplir tu compra.
      </p>

      <h2>Cuánto tiempo los guardamos</h2>
      <ul>
        <li>Tu cuenta, mientras la uses. Puedes eliminarla cuando quieras si no tienes pedidos en curso.</li>
        <li>
          Los pedidos, los pagos y los comprobantes, el tiempo que exigen las normas tributarias y
          comerciales, aunque elimines tu cuenta: en ese caso los guardamos sin tu nombre ni tus datos de
          contacto.
        </li>
        <li>
          Las fotos de entrega, los mensajes de entrega (WhatsApp y SMS) y los teléfonos de quien recibe,{' '}
          {retentionDays} días desde la entrega, el tiempo para atender un reclamo sobre ella. Después los
          borramos automáticamente.
        </li>
      </ul>

      <h2>Tus derechos</h2>
      <p>
        Puedes acceder a tus datos, pedir que se corrijan o se eliminen y retirar tu consentimiento. Desde tu
        cuenta puedes corregir tus datos; para todo lo demás escríbenos a {mail} y te respondemos dentro de
        los plazos de la ley (5 días hábiles para el acceso). Si no quedas conforme, puedes reclamar ante la
        URCDP (www.gub.uy/unidad-reguladora-control-datos-personales).
      </p>

      <h2>Si algo sale mal</h2>
      <p>
        Si un problema de seguridad afecta tus datos, te avisamos con claridad y lo comunicamos a la URCDP
        dentro de las 72 horas de detectarlo.
      </p>
    </article>
  );
}
