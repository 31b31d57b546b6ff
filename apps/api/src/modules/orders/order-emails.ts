import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { formatDeliveryWindow } from '@mandado/shared/delivery-window';
import { firstNameForOthers } from '@mandado/shared/validation-rules';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.repository.ts';

/**
 * The order e-mails (issue 10), in Spanish, as plain text with a simple HTML alternative. Each is built from
 * the presented order, so the e-mail says exactly what the order page says.
 */

interface Block {
  /** Lines of text; in HTML each block is a paragraph. */
  lines: string[];
  link?: { label: string; url: string };
}

function email(to: string, subject: string, greetingName: string, blocks: Block[]): OutgoingEmail {
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
  return { to, subject, text: text.join('\n'), html: html.join('\n') };
}

function storeBlocks(order: OrderGroup): Block[] {
  return order.stores.map((store) => ({
    lines: [
      `Pedido ${store.number} — ${store.store.name} (${store.status_label})`,
      ...store.lines.map((line) => `· ${line.quantity} × ${line.name}: US$ ${line.total}`),
      `Envío: US$ ${store.shipping} · Total de esta tienda: US$ ${store.total}`,
    ],
  }));
}

function totalsBlock(order: OrderGroup): Block {
  const lines = [`Subtotal: US$ ${order.subtotal}`];
  if (order.discount !== '0.00')
    lines.push(`Descuento${order.coupon ? ` (${order.coupon})` : ''}: −US$ ${order.discount}`);
  lines.push(`Envío: US$ ${order.shipping}`);
  if (order.credit !== '0.00') lines.push(`Crédito usado: −US$ ${order.credit}`);
  lines.push(`Total: US$ ${order.total}`);
  return { lines };
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
        `Monto: US$ ${bank.amount}`,
        `Escribe el número de pedido ${bank.reference} en la descripción de la transferencia y en el asunto del correo con el comprobante, que envías a ${bank.receipt_email}.`,
        `Si no recibimos el pago antes del ${bank.expires_at.slice(0, 10)}, el pedido se cancela.`,
      ],
    },
  ];
}

/** To the remitter once the order is placed (transfer, cash) or paid (card, PayPal). */
export function orderConfirmationEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
): OutgoingEmail {
  const pending = order.instructions !== null;
  return email(to.email, `Tu pedido ${order.number} en Mandado`, to.firstName, [
    {
      lines: [
        pending
          ? `Recibimos tu pedido ${order.number}. Lo preparamos en cuanto recibamos tu pago.`
          : `¡Gracias! Tu pago fue aprobado y tu pedido ${order.number} está confirmado.`,
        order.delivery === 'pickup'
          ? `Lo retira ${order.beneficiary.first_name} ${order.beneficiary.last_name} en cada tienda.`
          : `Lo recibe ${order.beneficiary.first_name} ${order.beneficiary.last_name}, en ${order.beneficiary.address_line1}, ${order.beneficiary.city.name}.`,
        `Entrega estimada: ${formatDeliveryWindow(order.delivery_window)} (de lunes a viernes).`,
      ],
    },
    ...bankBlock(order),
    ...storeBlocks(order),
    totalsBlock(order),
    {
      lines: ['Comparte el seguimiento con quien recibe el pedido (no necesita cuenta):'],
      link: { label: 'Seguimiento del pedido', url: order.tracking_url },
    },
  ]);
}

/** To the remitter when an operator records their transfer or deposit. */
export function paymentReceivedEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
): OutgoingEmail {
  return email(to.email, `Pago recibido: pedido ${order.number}`, to.firstName, [
    {
      lines: [
        `Recibimos tu pago de US$ ${order.total} del pedido ${order.number}. Las tiendas ya lo están preparando.`,
        `Entrega estimada: ${formatDeliveryWindow(order.delivery_window)} (de lunes a viernes).`,
      ],
      link: { label: 'Seguimiento del pedido', url: order.tracking_url },
    },
  ]);
}

/** To the remitter when an unpaid transfer or deposit ran out of time. */
export function orderExpiredEmail(
  to: { email: string; firstName: string },
  order: OrderGroup,
): OutgoingEmail {
  return email(to.email, `Pedido ${order.number} cancelado por falta de pago`, to.firstName, [
    {
      lines: [
        `No recibimos el pago del pedido ${order.number} a tiempo, así que lo cancelamos y liberamos los productos.`,
        'Si ya hiciste la transferencia, respóndenos con el comprobante y lo resolvemos. Si quieres, puedes repetir el pedido desde «Mis Compras».',
      ],
    },
  ]);
}

/**
 * To the family member, when the remitter saved their e-mail: the tracking link, no prices. The recipient is
 * not the account holder, so the remitter's words reach them only as a first name that passes the name rules,
 * inside our own fixed sentence, and never in the subject (issue 16: a "name" like 'Premio: entra a https://…'
 * must not become a message from Mandado).
 */
export function trackingLinkEmail(order: OrderGroup, remitterFirstName: string): OutgoingEmail {
  const who = firstNameForOthers(remitterFirstName, 'Alguien de tu familia');
  return email(
    order.beneficiary.email,
    'Te enviaron un pedido de Mandado',
    firstNameForOthers(order.beneficiary.first_name, ''),
    [
      {
        lines: [
          `${who} te envió un pedido (${order.number}) de ${order.stores.map((store) => store.store.name).join(', ')}.`,
          `Entrega estimada: ${formatDeliveryWindow(order.delivery_window)} (de lunes a viernes).`,
          'Puedes seguir cada entrega aquí, sin crear una cuenta:',
        ],
        link: { label: 'Seguimiento del pedido', url: order.tracking_url },
      },
    ],
  );
}
