import { deliveryWindowText, pickupFromText } from '@mandado/shared/date-text';
import { usdText } from '@mandado/shared/money-text';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import { greetingOf, linkEmail } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

export interface NewOrderNotice {
  number: string;
  storeName: string;
  delivery: string;
  deliveryFrom: string;
  deliveryTo: string;
  windowStartsAt?: string | Date | null;
  windowEndsAt?: string | Date | null;
  beneficiaryFirstName: string;
  cityName: string;
  unitCount: number;
}

/** "3 productos para Rosa (Montevideo), entre el lunes 23 … y el martes 24 …": the push body and e-mail line. */
export function newOrderSummary(notice: NewOrderNotice): string {
  const units = notice.unitCount === 1 ? '1 producto' : `${notice.unitCount} productos`;
  const window = storeOrderWindowText({
    windowStartsAt: notice.windowStartsAt ?? null,
    windowEndsAt: notice.windowEndsAt ?? null,
  });
  const when =
    notice.delivery === 'pickup'
      ? `para retirar ${pickupFromText({ from: notice.deliveryFrom })}`
      : window
        ? `franja ${window}`
        : deliveryWindowText({ from: notice.deliveryFrom, to: notice.deliveryTo }).toLowerCase();
  return `${units} para ${notice.beneficiaryFirstName} (${notice.cityName}), ${when}.`;
}

/** To each member of the store when one of its orders is paid: what, for when, and where to open it. */
export function newStoreOrderEmail(
  member: { email: string; firstName: string },
  notice: NewOrderNotice,
  inboxUrl: string,
): OutgoingEmail {
  return linkEmail({
    to: member.email,
    subject: `Nuevo pedido ${notice.number}`,
    greeting: greetingOf(member.firstName),
    lines: [
      `${notice.storeName} tiene un pedido nuevo y pagado: ${notice.number}.`,
      newOrderSummary(notice),
      'Ábrelo para aceptarlo o rechazarlo.',
    ],
    link: { url: inboxUrl, label: 'Ver los pedidos' },
  });
}

export interface LineChangeEmailInput {
  to: string;
  firstName: string;
  storeOrderNumber: string;
  storeName: string;
  /** What changed, one sentence per line of the e-mail. */
  changes: string[];
  /** USD minor units refunded by this change (0: nothing). */
  refundedMinor: number;
  /** Issue 31: the refund in the currency the remitter paid in, with its rate; absent: the dollars. */
  refundedText?: string;
  orderUrl: string;
}

/** To the remitter when the store could not supply all of a line: what changed and what is refunded. */
export function lineChangeEmail(input: LineChangeEmailInput): OutgoingEmail {
  return linkEmail({
    to: input.to,
    subject: `Cambios en tu pedido ${input.storeOrderNumber}`,
    greeting: greetingOf(input.firstName),
    lines: [
      `${input.storeName} no tiene todo lo que pediste en ${input.storeOrderNumber}:`,
      ...input.changes,
      input.refundedMinor > 0
        ? `Te devolvemos ${input.refundedText ?? usdText(input.refundedMinor)} por esta diferencia.`
        : 'No hay diferencia de precio para devolverte.',
    ],
    link: { url: input.orderUrl, label: 'Mira tu pedido' },
  });
}
