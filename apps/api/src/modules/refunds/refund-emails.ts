import type { RefundDestination, RefundReason } from '@mandado/shared/fulfilment';
import { REFUND_REASON_LABELS } from '@mandado/shared/fulfilment';
import { usdText } from '@mandado/shared/money-text';
import { type ShownRefund, shownRefundText } from '@mandado/shared/refund-display';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/**
 * The refund e-mails (issue 17, decision 040), in Spanish, tú: one per refund when the money has moved, and
 * the sentence the rejection e-mail uses to say where the money goes. Amounts are written by the shared
 * money-text.ts, so they read as on the order page ('US$ 10,98').
 */

/** How the group was paid: the method and, for a card, its label ('Visa •••• 4242'). */
export interface RefundPayment {
  method: string;
  label: string | null;
}

/** Where the money goes, as the end of a sentence: 'a tu tarjeta Visa •••• 4242', 'como crédito en …'. */
export function refundDestinationText(destination: RefundDestination, payment: RefundPayment): string {
  switch (destination) {
    case 'original_payment':
      if (payment.method === 'paypal') return 'a tu cuenta de PayPal';
      return payment.label ? `a tu tarjeta ${payment.label}` : 'a la tarjeta con la que pagaste';
    case 'wallet':
      return 'como crédito en tu cuenta de Mandado';
    case 'bank':
      return 'por transferencia bancaria';
  }
}

/** What the remitter can expect after the money left, by where it went. */
function afterRefundText(destination: RefundDestination, payment: RefundPayment, reference: string | null) {
  switch (destination) {
    case 'original_payment':
      return payment.method === 'paypal'
        ? 'Puede tardar unos días en verse en tu cuenta de PayPal.'
        : 'Según tu banco, puede tardar hasta 10 días hábiles en verse en el estado de cuenta de tu tarjeta.';
    case 'wallet':
      return 'Puedes usarlo en tu próxima compra; lo ves en Mi Billetera.';
    case 'bank':
      return reference ? `Referencia de la transferencia: ${reference}.` : 'Ya hicimos la transferencia.';
  }
}

export interface RefundEmailInput {
  to: string;
  firstName: string;
  storeOrderNumber: string;
  storeName: string;
  /** The line the refund is for; null for the whole store order. */
  lineName: string | null;
  amountMinor: number;
  /**
   * Issue 31: the refund in the currency the remitter paid in, with the dollars and the rate of the payment
   * ('$U 238,00 (US$ 5,93 al cambio del pago, 1 US$ = 40,15 $U)'); absent: the dollars alone.
   */
  shown?: ShownRefund;
  reason: RefundReason;
  destination: RefundDestination;
  payment: RefundPayment;
  /** The bank transfer's reference, for a bank refund. */
  reference: string | null;
  /** The remitter's order page; null when the caller has no public address to link to. */
  orderUrl: string | null;
  /** The order group (issue 19): the back office lists the e-mail in its timeline and can send it again. */
  groupId?: number;
}

/** The e-mail telling the remitter that a refund reached them (card, PayPal, credit or bank transfer). */
export function refundEmail(input: RefundEmailInput): OutgoingEmail {
  const amount = input.shown ? shownRefundText(input.shown) : usdText(input.amountMinor);
  const subjectAmount = input.shown ? input.shown.text : amount;
  const name = input.firstName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const reason = REFUND_REASON_LABELS[input.reason];
  const lines = [
    `Te devolvimos ${amount} de tu pedido ${input.storeOrderNumber} de ${input.storeName} ${refundDestinationText(input.destination, input.payment)}.`,
    `Motivo: ${reason}${input.lineName ? ` (${input.lineName})` : ''}.`,
    afterRefundText(input.destination, input.payment, input.reference),
  ];
  const link = input.orderUrl ? `Mira tu pedido: ${input.orderUrl}` : 'Lo ves en Mis Compras.';
  return {
    to: input.to,
    ...(input.groupId === undefined ? {} : { groupId: input.groupId }),
    kind: 'refund.succeeded',
    subject: `Te devolvimos ${subjectAmount} de tu pedido ${input.storeOrderNumber}`,
    text: [greeting, '', ...lines, '', link, '', 'El equipo de Mandado'].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      input.orderUrl
        ? `<p><a href="${escapeHtml(input.orderUrl)}">Ver mi pedido</a></p>`
        : `<p>${escapeHtml(link)}</p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}

/** What a rejected store order of a paid group gives back, for the rejection e-mail. */
export interface RejectionRefundNote {
  /** The refund decided for what was paid; null when nothing was left to give back (the credit paid it all). */
  refund: {
    amountMinor: number;
    destination: RefundDestination;
    payment: RefundPayment;
    /** Issue 31: the refund as the remitter paid (pesos at the payment's rate); absent: the dollars. */
    shown?: ShownRefund;
  } | null;
  /** The store order's share of the credit, given back to the account at once. */
  creditMinor: number;
}

/**
 * The rejection e-mail's promise, kept exact: the card or PayPal refund is on its way (its own e-mail
 * follows once it is done), credit is back at once, a bank refund follows by transfer. Empty when nothing
 * goes back.
 */
export function rejectionRefundLines(note: RejectionRefundNote): string[] {
  const lines: string[] = [];
  if (note.refund && note.refund.amountMinor > 0) {
    const amount = note.refund.shown ? shownRefundText(note.refund.shown) : usdText(note.refund.amountMinor);
    const where = refundDestinationText(note.refund.destination, note.refund.payment);
    if (note.refund.destination === 'wallet') lines.push(`Te devolvimos ${amount} ${where}.`);
    else lines.push(`Te devolvemos ${amount} ${where}; te avisaremos por correo cuando esté hecho.`);
  }
  if (note.creditMinor > 0) {
    lines.push(`El crédito que usaste en este pedido (${usdText(note.creditMinor)}) volvió a tu cuenta.`);
  }
  return lines;
}
