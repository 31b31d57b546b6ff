import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { Settings } from '@mandado/shared/settings.schemas';

/** What an answer's button does: open another help view, the city selector or the referral popup. */
export type FaqAction = 'cities' | 'suggestion' | 'instructions' | 'contact' | 'referral';

export interface FaqEntry {
  /** Stable id for the accordion's ids and the tests. */
  id: string;
  question: string;
  /** One string per paragraph. */
  answer: string[];
  action?: { kind: FaqAction; label: string };
}

/** The settings the answers quote, so a changed threshold or reward changes the FAQ the same day. */
export type FaqSettings = Pick<
  Settings,
  | 'free_shipping_threshold'
  | 'shipping_fee_in_city'
  | 'shipping_fee_outside_city'
  | 'referral_invitee_reward'
  | 'referral_inviter_reward'
  | 'referral_minimum_purchase'
  | 'support_hours'
>;

/**
 * The payment methods this server offers beyond cards, transfers and deposits (issue 16): PayPal only when
 * it is configured, Apple Pay and web wallets only with Stripe's payment form (the sandbox has none).
 */
export interface OfferedPayments {
  paypal: boolean;
  wallets: boolean;
}

/** Until the server says otherwise, nothing is promised. */
export const CARDS_ONLY: OfferedPayments = { paypal: false, wallets: false };

/** The accepted methods in one sentence, naming only what is offered. */
export function paymentMethodsSentence(offered: OfferedPayments): string {
  const cards =
    'tarjetas de débito y crédito (Mastercard, Visa, American Express, JCB, Discover, Diners Club)';
  const methods = [
    ...(offered.paypal ? ['PayPal'] : []),
    cards,
    ...(offered.wallets ? ['Apple Pay', 'billetera web'] : []),
    'transferencias bancarias y depósitos en efectivo',
  ];
  const sentence = `${methods.slice(0, -1).join(', ')} y ${methods.at(-1) ?? ''}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A dollar figure inside the FAQ's sentences: 'US$ 80' when whole, 'US$ 2,99' otherwise. */
function figure(minor: number): string {
  return usdText(minor, { whole: 'short' });
}

/**
 * Spec §1 and issue 11: about 17 questions written for this service, in Spanish with "tú". A function of the
 * public settings: the shipping fees, the free-shipping threshold and the referral figures are never
 * written by hand.
 */
export function faqEntries(settings: FaqSettings, offered: OfferedPayments = CARDS_ONLY): FaqEntry[] {
  const threshold = figure(parseMoney(settings.free_shipping_threshold));
  const inviteeReward = figure(parseMoney(settings.referral_invitee_reward));
  const inviterReward = figure(parseMoney(settings.referral_inviter_reward));
  const minimum = figure(parseMoney(settings.referral_minimum_purchase));
  const feeInCity = figure(parseMoney(settings.shipping_fee_in_city));
  const feeOutside = figure(parseMoney(settings.shipping_fee_outside_city));
  return [
    {
      id: 'como-funciona',
      question: '¿Cómo funciona Mandado y quién puede registrarse?',
      answer: [
        'Eliges la ciudad de entrega y una tienda oficial, agregas productos al carrito y pagas desde cualquier país. Nosotros hacemos llegar la compra a tu familiar o amigo en Uruguay. Si compras en varias tiendas, todo va en un solo pedido.',
        'Puede registrarse cualquier persona mayor de edad que tenga una tarjeta de débito o crédito a su nombre.',
      ],
    },
    {
      id: 'entrega',
      question: '¿Cuánto tarda la entrega?',
      answer: [
        'Repartidores independientes llevan el pedido a domicilio en 24 a 48 horas, de lunes a viernes.',
      ],
    },
    {
      id: 'retiro',
      question: '¿Se puede retirar el pedido en la tienda?',
      answer: [
        'Sí. Al pagar, en «Tipo de entrega», elige «Retiro en la tienda». Te mostramos la dirección de cada tienda para que quien recibe pase a buscar su compra.',
      ],
    },
    {
      id: 'zonas-populares',
      question: '¿Entregan en todos los barrios?',
      answer: [
        'En general no entramos a zonas populares. En esos casos el repartidor llama a quien recibe y acuerdan un punto de encuentro cercano y seguro.',
      ],
    },
    {
      id: 'ciudades',
      question: '¿A qué ciudades envían?',
      answer: [
        'Por ahora el servicio cubre Montevideo. Si tu ciudad no aparece, pídela desde «No veo mi ciudad» y te escribimos cuando lleguemos.',
      ],
      action: { kind: 'cities', label: 'Ver las ciudades con servicio' },
    },
    {
      id: 'costo-envio',
      question: '¿Cuánto cuesta el envío?',
      answer: [
        `Cada tienda cobra su envío: ${feeInCity} dentro de la ciudad y ${feeOutside} fuera de ella. En compras mayores a ${threshold} el envío es gratis.`,
        'Todo lo que pagas de envío es para el repartidor.',
      ],
    },
    {
      id: 'compra-minima',
      question: '¿Hay una compra mínima?',
      answer: ['Puedes comprar desde 1 producto y no hay un máximo.'],
    },
    {
      id: 'medios-de-pago',
      question: '¿Qué medios de pago aceptan?',
      answer: [paymentMethodsSentence(offered), 'No aceptamos Zelle.'],
      action: { kind: 'instructions', label: 'Ver las instrucciones de pago' },
    },
    {
      id: 'conversion',
      question: 'Mi tarjeta no es en dólares, ¿puedo usarla?',
      answer: [
        'Sí, tu tarjeta puede ser de cualquier moneda. Cobramos en dólares estadounidenses: el procesador de pagos te muestra un estimado y la conversión final la hace tu banco.',
      ],
    },
    {
      id: 'transferencia',
      question: '¿Cómo pago por transferencia o depósito en efectivo?',
      answer: [
        'Desde Colombia, Chile y Perú puedes transferir o depositar en la cuenta en dólares de la empresa. Escribe tu número de pedido en la descripción de la transferencia y en el asunto del correo con el comprobante.',
        'Si estás en otro país, escríbenos por WhatsApp y te ayudamos a completar la compra.',
      ],
      action: { kind: 'instructions', label: 'Ver instrucciones de transferencia' },
    },
    {
      id: 'reembolso',
      question: '¿Qué pasa si un producto no llega?',
      answer: [
        'Te devolvemos el dinero de los productos que quien recibe no recibió. Escríbenos con tu número de pedido y lo resolvemos.',
      ],
    },
    {
      id: 'devoluciones',
      question: '¿Puedo devolver un producto?',
      answer: [
        'Sí. Por la Ley 17.250 (art. 16), tienes 5 días hábiles desde la entrega para arrepentirte de la compra, sin dar explicaciones. Los feriados de Uruguay no cuentan como días hábiles.',
        'No se pueden devolver (art. 16 bis) los productos perecederos, como frutas, verduras y carne; los productos de higiene personal y de farmacia que estaban sellados; ni los que la tienda marca «No admite devolución».',
        'Para pedirla, entra a Mis Compras y abre el pedido, o usa el enlace de seguimiento: elige los productos, cuéntanos el motivo y, si quieres, agrega una foto. Ahí ves hasta cuándo puedes pedirla.',
        'Si la tienda la acepta, un repartidor pasa a retirar los productos por la misma dirección y pide un código que verás en la página del pedido. Cuando la tienda los recibe, te devolvemos el dinero a la tarjeta o como saldo en Mandado, como elegiste; si devuelves todo lo de esa tienda, también el envío.',
      ],
    },
    {
      id: 'reemplazos',
      question: '¿Qué pasa si a la tienda le falta un producto?',
      answer: [
        'Al pagar eliges qué hacer si falta algo: reemplazarlo por uno similar, que te llamemos antes, o no reemplazarlo y recibir el reembolso. Puedes elegirlo para todo el pedido o para cada producto.',
        'Si la tienda tiene otro producto para ofrecerte, te pregunta: por correo, por WhatsApp o SMS y, si lo activaste, con un aviso en tu teléfono. Respondes desde el enlace o en «Mis Compras». Si no respondes dentro del tiempo de espera de la tienda (contado en su horario), hacemos lo que elegiste al pagar.',
      ],
    },
    {
      id: 'seguimiento',
      question: '¿Cómo sigo mi pedido?',
      answer: [
        'Cada pedido tiene un enlace de seguimiento que ves en la confirmación y en «Mis Compras». Puedes compartirlo con quien recibe: lo abre sin cuenta y ve en qué estado está la entrega.',
      ],
    },
    {
      id: 'referidos',
      question: '¿Cómo gano crédito invitando a mis amigos?',
      answer: [
        `Comparte tu enlace de invitación. Quien se registra con él recibe ${inviteeReward} de crédito en su primera compra de al menos ${minimum}, y tú ganas ${inviterReward} cuando esa compra se paga.`,
      ],
      action: { kind: 'referral', label: 'Invita a tus amigos y gana' },
    },
    {
      id: 'credito',
      question: '¿Cómo uso mi crédito?',
      answer: [
        'Tu crédito aparece en el menú de tu cuenta y en «Mi Billetera», con cada movimiento. Al pagar puedes usarlo para bajar el total de tu compra.',
      ],
    },
    {
      id: 'atencion',
      question: '¿Cuál es el horario de atención y cómo consulto el estado de mi pedido?',
      answer: [
        `Atendemos de ${settings.support_hours}. Para consultar por tu pedido escríbenos por WhatsApp o por correo electrónico con tu número de pedido.`,
      ],
      action: { kind: 'contact', label: 'Escríbenos' },
    },
    {
      id: 'empresa',
      question: '¿Quién está detrás de Mandado?',
      answer: [
        'Mandado es una empresa registrada en Delaware, Estados Unidos, que trabaja con tiendas oficiales afiliadas de Uruguay.',
      ],
    },
    {
      id: 'sugerencias',
      question: '¿No encuentras un producto?',
      answer: [
        'Cuéntanos qué buscas y en qué tipo de tienda. Nuestro equipo de tiendas lee cada sugerencia.',
      ],
      action: { kind: 'suggestion', label: '¿No encuentras un producto? Sugiérelo' },
    },
  ];
}
