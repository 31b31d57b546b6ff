import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { dateTimeWithZoneText, deliveryWindowText, pickupFromText } from '@mandado/shared/date-text';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { parseMoney } from '@mandado/shared/money';
import { blockTexts, USD, unitOfLine, usdText } from '@mandado/shared/money-text';
import { firstNameForOthers } from '@mandado/shared/validation-rules';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/**
 * The order e-mails (issue 10), in Spanish, as plain text with a simple HTML alternative. Each is built from
 * the presented order, and every amount and date is written by packages/shared money-text.ts and
 * date-text.ts, so the e-mail says exactly what the order page says ('US$ 10,98', never '10.98').
 */

interface Block {
  /** Lines of text; in HTML each block is a paragraph. */
  lines: string[];
  link?: { label: string; url: string };
}

function email(
  to: string,
  subject: string,
  greetingName: string,
  blocks: Block[],
  kind?: string,
): OutgoingEmail {
  const name = greetingName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const text = [greeting, ''];
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
    `<p>${escapeHtml(greeting)}</p>`,
  ];
  for (const block of blocks) {
    text.push(...block.lines);
    if (block.link) text.push(`${block.link.label}: ${block.link.url}`);
    text.push('');
    const body = block.lines.map(escapeHtml).join('<br>');
    const link = block.link
      ? `${body ? '<br>' : ''}<a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a>`
      : '';
    html.push(`<p>${body}${link}</p>`);
  }
  text.push('El equipo de Mandado');
  html.push('<p>El equipo de Mandado</p>', '</body></html>');
  return { to, subject, text: text.join('\n'), html: html.join('\n'), ...(kind ? { kind } : {}) };
}

const dollars = (decimal: string) => usdText(parseMoney(decimal));

/** "· 2 × Yerba (US$ 1,54 c/u): US$ 3,08": the line total is the unit shown × the quantity. */
function lineText(line: OrderGroup['stores'][number]['lines'][number]): string {
  const total = parseMoney(line.total);
  const unit = unitOfLine(total, line.quantity);
  const each = unit === null || line.quantity === 1 ? '' : ` (${usdText(unit)} c/u)`;
  return `· ${line.quantity} × ${line.name}${each}: ${usdText(total)}`;
}

/**
 * One block per store: its lines, goods, shipping, its share of the coupon and of the credit, and the total
 * of exactly those parts, so each block adds up on its own and the blocks add up to the charge below.
 */
function storeBlocks(order: OrderGroup): Block[] {
  const pickup = order.delivery === 'pickup';
  return order.stores.map((store) => {
    const parts = {
      goods: parseMoney(store.subtotal),
      shipping: parseMoney(store.shipping),
      discount: parseMoney(store.discount),
      credit: parseMoney(store.credit),
    };
    const texts = blockTexts(parts, USD);
    const lines = [
      `Pedido ${store.number} — ${store.store.name} (${store.status_label})`,
      ...store.lines.map(lineText),
      `Productos: ${texts.goods}`,
      pickup ? 'Envío: sin costo (retiro en la tienda)' : `Envío: ${texts.shipping}`,
    ];
    if (parts.discount > 0) lines.push(`Cupón${order.coupon ? ` ${order.coupon}` : ''}: ${texts.discount}`);
    if (parts.credit > 0) lines.push(`Crédito usado: ${texts.credit}`);
    lines.push(`Total de esta tienda: ${texts.total}`);
    return { lines };
  });
}

/** The charge, once, in the dollars it is charged in. */
function chargeBlock(order: OrderGroup): Block {
  const stores = order.stores.length;
  const sum = stores > 1 ? ` (la suma de las ${stores} tiendas)` : '';
  const verb = order.payment_status === 'paid' ? 'Total cobrado' : 'Total a pagar';
  return { lines: [`${verb}${sum}: ${dollars(order.total)}`] };
}

function bankBlock(order: OrderGroup): Block[] {
  const bank = order.instructions;
  if (!bank) return [];
  return [
    {
      lines: [
        'Para completar tu compra, haz la transferencia o el depósito en dólares (USD) a esta cuenta:',
        `Banco: ${bank.bank_name}`,
        `Titular: ${bank.account_holder}`,
        `Cuenta: ${bank.account_number}`,
        `Número de ruta (ABA): ${bank.routing_number}`,
        `SWIFT: ${bank.swift}`,
        `Monto: ${dollars(bank.amount)}`,
        `Escribe el número de pedido ${bank.reference} en la descripción de la transferencia y en el asunto del correo con el comprobante, que envías a ${bank.receipt_email}.`,
        `Si no recibimos el pago antes del ${dateTimeWithZoneText(bank.expires_at)}, el pedido se cancela.`,
      ],
    },
  ];
}

/** Where each store of a pick-up order is, one line each: "· El Puerto (MV-10234-1): Av. Brasil 2550". */
function pickupPlaces(order: OrderGroup): string[] {
  return order.stores.map((store) => `· ${store.store.name} (${store.number}): ${store.store.address}`);
}

/**
 * When and where the order arrives, from the delivery-window rule (decision 021): delivered in the window,
 * or, for pick-up, ready at each store from the window's first day. Unpaid transfers count from the payment.
 */
function deliveryLines(order: OrderGroup, window: { from: string; to: string }, paid: boolean): string[] {
  const who = `${order.beneficiary.first_name} ${order.beneficiary.last_name}`;
  if (order.delivery === 'pickup') {
    if (!paid) {
      return [
        `Lo retira ${who} en cada tienda, desde el día hábil siguiente a recibir tu pago:`,
        ...pickupPlaces(order),
      ];
    }
    return [
      `${who} puede retirarlo ${pickupFromText(window)} (de lunes a viernes) en:`,
      ...pickupPlaces(order),
    ];
  }
  const where = `Lo recibe ${who}, en ${order.beneficiary.address_line1}, ${order.beneficiary.city.name}.`;
  const windows = windowLines(order);
  if (windows.length > 0) {
    return [
      where,
      'Franja de entrega (hora de Montevideo; alguien tiene que estar en casa):',
      ...windows,
      ...(paid
        ? []
        : ['Si tu pago llega después de la hora de corte, pasa a la siguiente franja con lugar.']),
    ];
  }
  if (!paid) return [where, 'Entregamos 24–48 h hábiles después de recibir tu pago (de lunes a viernes).'];
  return [where, `Entrega estimada: ${deliveryWindowText(window)} (de lunes a viernes).`];
}

/** Decision 065: each store order's window, "· El Puerto (MV-10234-1): mar 1/12, 9:00 a 13:00". */
function windowLines(order: OrderGroup): string[] {
  return order.stores.flatMap((store) =>
    store.window_text ? [`· ${store.store.name} (${store.number}): ${store.window_text}`] : [],
  );
}

/** To the remitter once the order is placed (transfer, cash) or paid (card, PayPal). */
export function orderConfirmationEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
): OutgoingEmail {
  const pending = order.instructions !== null;
  return email(
    to.email,
    `Tu pedido ${order.number} en Mandado`,
    to.firstName,
    [
      {
        lines: [
          pending
            ? `Recibimos tu pedido ${order.number}. Lo preparamos en cuanto recibamos tu pago.`
            : `¡Gracias! Tu pago fue aprobado y tu pedido ${order.number} está confirmado.`,
          ...deliveryLines(order, order.delivery_window, !pending),
        ],
      },
      ...bankBlock(order),
      ...storeBlocks(order),
      chargeBlock(order),
      {
        lines: ['Comparte el seguimiento con quien recibe el pedido (no necesita cuenta):'],
        link: { label: 'Seguimiento del pedido', url: order.tracking_url },
      },
    ],
    'order.confirmed',
  );
}

/**
 * To the remitter when an operator records their transfer or deposit. The stores start preparing now, so the
 * window is counted from `paidAt`, not from when the order was placed; a pick-up order says where and from
 * which day it can be collected.
 */
export function paymentReceivedEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
  paidAt: Date,
): OutgoingEmail {
  return email(
    to.email,
    `Pago recibido: pedido ${order.number}`,
    to.firstName,
    [
      {
        lines: [
          `Recibimos tu pago de ${dollars(order.total)} del pedido ${order.number}. Las tiendas ya lo están preparando.`,
          ...deliveryLines(order, deliveryWindow(paidAt), true),
        ],
        link: { label: 'Seguimiento del pedido', url: order.tracking_url },
      },
    ],
    'order.payment_received',
  );
}

/** To the remitter when an unpaid transfer or deposit ran out of time. */
export function orderExpiredEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
): OutgoingEmail {
  return email(
    to.email,
    `Pedido ${order.number} cancelado por falta de pago`,
    to.firstName,
    [
      {
        lines: [
          `No recibimos el pago del pedido ${order.number} a tiempo, así que lo cancelamos y liberamos los productos.`,
          'Si ya hiciste la transferencia, respóndenos con el comprobante y lo resolvemos. Si quieres, puedes repetir el pedido desde «Mis Compras».',
        ],
      },
    ],
    'order.expired',
  );
}

/**
 * To the remitter when an operator cancels their unpaid transfer or deposit (issue 19), with the reason the
 * operator gave; the products are released as on expiry.
 */
export function orderCancelledEmail(
  to: { email: string; firstName: string },
  order: { number: string },
  reason: string,
): OutgoingEmail {
  return email(
    to.email,
    `Pedido ${order.number} cancelado`,
    to.firstName,
    [
      {
        lines: [
          `Cancelamos tu pedido ${order.number}, que todavía no estaba pagado, y liberamos los productos.`,
          `Motivo: ${reason}`,
          'Si ya hiciste la transferencia o tienes dudas, respóndenos y lo resolvemos.',
        ],
      },
    ],
    'order.cancelled',
  );
}

/**
 * To the family member, when the remitter saved their e-mail: the tracking link, no prices. The recipient is
 * not the account holder, so the remitter's words reach them only as a first name that passes the name rules,
 * inside our own fixed sentence, and never in the subject (issue 16: a "name" like 'Premio: entra a https://…'
 * must not become a message from Mandado). `window` is the order's, or the one counted from the payment when a
 * transfer was paid later.
 */
export function trackingLinkEmail(
  order: OrderGroup,
  remitterFirstName: string,
  window: { from: string; to: string } = order.delivery_window,
): OutgoingEmail {
  const who = firstNameForOthers(remitterFirstName, 'Alguien de tu familia');
  const pickup = order.delivery === 'pickup';
  return email(
    order.beneficiary.email,
    'Te enviaron un pedido de Mandado',
    firstNameForOthers(order.beneficiary.first_name, ''),
    [
      {
        lines: [
          `${who} te envió un pedido (${order.number}) de ${order.stores.map((store) => store.store.name).join(', ')}.`,
          ...(pickup
            ? [`Puedes retirarlo ${pickupFromText(window)} (de lunes a viernes) en:`, ...pickupPlaces(order)]
            : [`Entrega estimada: ${deliveryWindowText(window)} (de lunes a viernes).`]),
          'Puedes seguir cada entrega aquí, sin crear una cuenta:',
        ],
        link: { label: 'Seguimiento del pedido', url: order.tracking_url },
      },
    ],
    'order.tracking_link',
  );
}
