import { dateTimeWithZoneText } from '@mandado/shared/date-text';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';
import { type RejectionRefundNote, rejectionRefundLines } from '../refunds/refund-emails.ts';

/** The statuses the remitter hears about by e-mail: the ones that end a delivery or need them to act. */
export const STATUSES_EMAILED = ['delivered', 'delivery_attempt', 'rejected'] as const;
type EmailedStatus = (typeof STATUSES_EMAILED)[number];

export function isEmailedStatus(status: StoreOrderStatus): status is EmailedStatus {
  return (STATUSES_EMAILED as readonly string[]).includes(status);
}

interface StatusEmailInput {
  to: string;
  firstName: string;
  storeOrderNumber: string;
  storeName: string;
  beneficiaryFirstName: string;
  reason: string;
  /** The remitter's order page (/user/orders/<group number>). */
  orderUrl: string;
  /** The support contact, from the settings registry (decision 038): the same one the pages show. */
  support: { whatsappNumber: string; email: string };
  /** A delivery proven with the code (issue 17): when, who received it, whether a photo was taken. */
  proof?: { deliveredAt: Date; receivedBy: string; hasPhoto: boolean };
  /** A rejection of a paid order (issue 17): what goes back and where, so the e-mail promises exactly that. */
  refund?: RejectionRefundNote | null;
  /** The order group (issue 19): the back office lists the e-mail in its timeline and can send it again. */
  groupId?: number;
}

/** Where to write, quoted where the e-mail asks the remitter to get in touch. */
function contactLine(support: StatusEmailInput['support']): string {
  return `WhatsApp: +${support.whatsappNumber} · Correo: ${support.email}`;
}

function copyFor(status: EmailedStatus, input: StatusEmailInput): { subject: string; lines: string[] } {
  const order = `${input.storeOrderNumber} de ${input.storeName}`;
  const reason = input.reason.trim();
  switch (status) {
    case 'delivered':
      return {
        subject: `Tu pedido ${input.storeOrderNumber} fue entregado`,
        lines: input.proof
          ? [
              `Entregamos tu pedido ${order}.`,
              `Lo recibió ${input.proof.receivedBy} el ${dateTimeWithZoneText(input.proof.deliveredAt.toISOString())}.`,
              input.proof.hasPhoto
                ? 'La foto de la entrega está en tu pedido, en Mis Compras.'
                : 'Los detalles de la entrega están en tu pedido, en Mis Compras.',
              'Gracias por comprar en Mandado.',
            ]
          : [
              `Entregamos tu pedido ${order} a ${input.beneficiaryFirstName}.`,
              'Gracias por comprar en Mandado.',
            ],
      };
    case 'delivery_attempt':
      return {
        subject: `No pudimos entregar tu pedido ${input.storeOrderNumber}`,
        lines: [
          `Intentamos entregar tu pedido ${order} a ${input.beneficiaryFirstName}, pero no fue posible.`,
          ...(reason ? [`Motivo: ${reason}`] : []),
          'Volveremos a intentarlo. Si quieres cambiar algo, escríbenos por WhatsApp o por correo indicando el número de pedido.',
          contactLine(input.support),
        ],
      };
    case 'rejected': {
      const refundLines = input.refund ? rejectionRefundLines(input.refund) : [];
      return {
        subject: `Tu pedido ${input.storeOrderNumber} fue rechazado`,
        lines: [
          `La tienda no pudo completar tu pedido ${order}.`,
          ...(reason ? [`Motivo: ${reason}`] : []),
          ...(refundLines.length > 0
            ? [...refundLines, 'Ante cualquier duda, escríbenos indicando el número de pedido.']
            : [
                'El dinero de los productos que no se entreguen se reembolsa. Ante cualquier duda, escríbenos indicando el número de pedido.',
              ]),
          contactLine(input.support),
        ],
      };
    }
  }
}

/** The e-mail telling the remitter that one store order was delivered, could not be delivered or was rejected. */
export function storeOrderStatusEmail(status: EmailedStatus, input: StatusEmailInput): OutgoingEmail {
  const { subject, lines } = copyFor(status, input);
  const name = input.firstName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const link = escapeHtml(input.orderUrl);
  return {
    to: input.to,
    subject,
    ...(input.groupId === undefined ? {} : { groupId: input.groupId }),
    kind: `store_order.${status}`,
    text: [greeting, '', ...lines, '', `Mira tu pedido: ${input.orderUrl}`, '', 'El equipo de Mandado'].join(
      '\n',
    ),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${link}">Ver mi pedido</a></p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}
