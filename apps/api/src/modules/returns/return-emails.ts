import { WEB_PATHS } from '@mandado/shared/web-routes';
import { greetingOf, linkEmail } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';
import type { ReturnLineOfRequestRow, ReturnRow } from './returns.repository.ts';

/** The returns' e-mails (decision 076): the store hears of a request, the remitter of each answer. */

/** To each member of the store: a return was asked for, with its lines and reason. */
export function newReturnStoreEmail(
  member: { email: string; firstName: string },
  row: ReturnRow,
  lines: readonly ReturnLineOfRequestRow[],
  publicUrl: string,
): OutgoingEmail {
  const who = row.requestedBy === 'family' ? 'La familia que recibió el pedido' : 'El cliente';
  return linkEmail({
    to: member.email,
    subject: `Piden devolver productos del pedido ${row.storeOrderNumber}`,
    kind: 'return.requested',
    greeting: greetingOf(member.firstName),
    lines: [
      `${who} pide devolver estos productos del pedido ${row.storeOrderNumber}:`,
      ...lines.map((line) => `• ${line.quantity} × ${line.name}`),
      `Motivo: ${row.reason}`,
      'Acéptala o explica por qué no desde Devoluciones en tu tienda.',
    ],
    link: { url: `${publicUrl}/comercio`, label: 'Abrir mi tienda' },
  });
}

const ANSWERS: Record<'accepted' | 'refused' | 'overruled' | 'received', (row: ReturnRow) => string[]> = {
  accepted: (row) => [
    `${row.storeName} aceptó la devolución del pedido ${row.storeOrderNumber}.`,
    'Un repartidor pasará a retirar los productos: quien los entregue debe darle el código de retiro que ves en Mis Compras y en la página de seguimiento.',
  ],
  refused: (row) => [
    `${row.storeName} no aceptó la devolución del pedido ${row.storeOrderNumber}.`,
    `Motivo: ${row.refusalReason ?? ''}`,
    'Si no estás de acuerdo, escríbenos: un operador de Mandado puede revisarla.',
  ],
  overruled: (row) => [
    `Revisamos la devolución del pedido ${row.storeOrderNumber} y la aceptamos.`,
    'Un repartidor pasará a retirar los productos: quien los entregue debe darle el código de retiro que ves en Mis Compras y en la página de seguimiento.',
  ],
  received: (row) => [
    `${row.storeName} recibió los productos devueltos del pedido ${row.storeOrderNumber}.`,
    'El reembolso ya está en camino; te escribimos aparte cuando se acredite.',
  ],
};

const SUBJECTS: Record<keyof typeof ANSWERS, string> = {
  accepted: 'Aceptaron tu devolución',
  refused: 'No aceptaron tu devolución',
  overruled: 'Aceptamos tu devolución',
  received: 'Recibieron tu devolución',
};

/** To the remitter: the store's answer, an operator's overrule, or the goods back and the refund on its way. */
export function returnDecidedEmail(
  row: ReturnRow,
  kind: keyof typeof ANSWERS,
  deps: { publicUrl: string; refundText?: string | null },
): OutgoingEmail {
  const lines = ANSWERS[kind](row);
  if (kind === 'received' && deps.refundText) lines.splice(1, 0, `Reembolso: ${deps.refundText}.`);
  return linkEmail({
    to: row.remitterEmail,
    subject: `${SUBJECTS[kind]} (${row.storeOrderNumber})`,
    kind: `return.${kind}`,
    greeting: greetingOf(row.remitterFirstName),
    lines,
    link: {
      url: `${deps.publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(row.groupNumber)}`,
      label: 'Ver mi compra',
    },
  });
}
