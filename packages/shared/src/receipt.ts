/**
 * The family's answer once a store order is delivered (issue 29, decision 064): 'Recibí todo' or 'Falta algo'.
 * One small status per store order with its transition table, read the same way by the API, the shop, the
 * back office and the store; 48 hours without an answer count as received, computed from the delivery time.
 */
import { dayMonthAndTimeText } from './date-text.ts';

/**
 * `awaiting`: delivered, no answer yet (no row is stored for it). `received`: 'Recibí todo', or 48 hours went
 * by. `claimed`: 'Falta algo', waiting for an operator. `resolved`: an operator refunded the claimed lines.
 */
export const RECEIPT_STATUSES = ['awaiting', 'received', 'claimed', 'resolved'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Who moves a receipt: the family on the tracking link, the clock, an operator. */
export type ReceiptActor = 'family' | 'system' | 'operator';

export const RECEIPT_TRANSITIONS: Readonly<
  Record<ReceiptStatus, ReadonlyArray<{ to: ReceiptStatus; by: readonly ReceiptActor[] }>>
> = {
  awaiting: [
    { to: 'received', by: ['family', 'system'] },
    { to: 'claimed', by: ['family'] },
  ],
  claimed: [{ to: 'resolved', by: ['operator'] }],
  received: [],
  resolved: [],
};

export function receiptMoveAllowed(from: ReceiptStatus, to: ReceiptStatus, actor: ReceiptActor): boolean {
  return RECEIPT_TRANSITIONS[from].some((edge) => edge.to === to && edge.by.includes(actor));
}

/** How long the family has to answer after the delivery; then the order counts as received. */
export const RECEIPT_WINDOW_HOURS = 48;
const WINDOW_MS = RECEIPT_WINDOW_HOURS * 60 * 60 * 1000;

/** The end of the answer window: the delivery plus 48 hours (ISO). */
export function receiptDeadline(deliveredAt: Date | string): string {
  return new Date(new Date(deliveredAt).getTime() + WINDOW_MS).toISOString();
}

/**
 * The receipt status a store order shows now: the stored answer, or — with none — `received` once 48 hours
 * have passed since the delivery (`automatic`), else `awaiting`. Nothing writes the automatic answer: it is
 * the same function of the clock everywhere (decision 064).
 */
export function effectiveReceipt(
  deliveredAt: Date | string,
  stored: { status: Exclude<ReceiptStatus, 'awaiting'>; answeredAt: Date | string } | null,
  now: Date,
): { status: ReceiptStatus; at: string | null; automatic: boolean } {
  if (stored)
    return { status: stored.status, at: new Date(stored.answeredAt).toISOString(), automatic: false };
  const deadline = receiptDeadline(deliveredAt);
  if (now.getTime() >= new Date(deadline).getTime())
    return { status: 'received', at: deadline, automatic: true };
  return { status: 'awaiting', at: null, automatic: false };
}

/** What the remitter reads: 'Rosa confirmó que recibió todo el 27/11 a las 10:31', or the claim's state. */
export function receiptText(
  firstName: string,
  receipt: { status: ReceiptStatus; at: string | null; automatic: boolean },
): string | null {
  const who = firstName.trim() || 'Quien recibe';
  if (receipt.status === 'awaiting' || receipt.at === null) return null;
  const when = dayMonthAndTimeText(receipt.at);
  if (receipt.status === 'received') {
    return receipt.automatic
      ? `Sin respuesta en ${RECEIPT_WINDOW_HOURS} horas: el pedido cuenta como recibido desde el ${when}.`
      : `${who} confirmó que recibió todo el ${when}`;
  }
  if (receipt.status === 'claimed') return `${who} avisó que falta algo el ${when}. Estamos revisándolo.`;
  return `${who} avisó que faltaba algo el ${when}. Te devolvimos lo que faltó.`;
}

export const RECEIPT_MESSAGES = {
  notDelivered: 'Este pedido todavía no fue entregado: podrás confirmarlo cuando llegue.',
  alreadyAnswered: 'Ya respondiste por este pedido: no se puede cambiar la respuesta.',
  windowClosed: `Pasaron más de ${RECEIPT_WINDOW_HOURS} horas desde la entrega y el pedido ya cuenta como recibido. Si falta algo, escríbenos por WhatsApp.`,
  unknownLine: 'Elige productos de este pedido.',
  tooMany: (quantity: number) => `Ese producto llegó con ${quantity} unidades como máximo.`,
  repeatedLine: 'Elige cada producto una sola vez.',
  notFound: 'No encontramos ese pedido. Revisa que el enlace esté completo.',
  claimNotFound: 'No encontramos ese reclamo.',
  claimNotOpen: 'Este reclamo ya fue resuelto.',
  received: '¡Gracias! Avisamos que recibiste todo.',
  claimed: 'Recibimos tu aviso. Mandado lo revisa y te contactamos.',
  refunded: 'Devolvimos lo reclamado.',
  photoNotFound: 'No encontramos la foto: vuelve a elegirla y envía el aviso de nuevo.',
  nothingToRefund: 'No quedaba nada por devolver de lo reclamado: lo marcamos como resuelto.',
} as const;
