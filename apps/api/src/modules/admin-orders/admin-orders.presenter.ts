import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type AdminTimelineEntry,
  emailKindLabel,
} from '@mandado/shared/admin-orders.schemas';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@mandado/shared/checkout.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { ATTEMPT_REASON_LABELS, type AttemptReason } from '@mandado/shared/fulfilment';
import { lineLeftMinor, lineLeftUnits, linePaidMinor } from '@mandado/shared/line-refunds';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { isStoreOrderLate, storeOrderDueBy } from '@mandado/shared/order-lateness';
import {
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_DEFERRED_LABEL,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  type MessageAudience,
  type MessageChannel,
  type MessageStatus,
  maskedPhone,
  type OrderMessageKind,
} from '@mandado/shared/order-messages';
import {
  nextStatuses,
  ORDER_GROUP_STATUS_LABELS,
  type OrderGroupStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  STAFF_STORE_ORDER_STATUS_LABELS,
  type StoreOrderStatus,
  transitionRefusal,
} from '@mandado/shared/order-status';
import { cityAndStateText } from '@mandado/shared/place-text';
import type { Refund } from '@mandado/shared/refund.schemas';
import { shownRefund } from '@mandado/shared/refund-display';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import type { MessageEventRow } from '../messages/messages.service.ts';
import type {
  AttemptEventRow,
  EmailEventRow,
  GroupListRow,
  GroupRow,
  HistoryEventRow,
  NoteRow,
  OrderLineFullRow,
  StoreOrderBriefRow,
  StoreOrderFullRow,
} from './admin-orders.repository.ts';

const ACTOR_ROLE_LABELS: Record<string, string> = {
  system: 'Sistema',
  merchant: 'Tienda',
  operator: 'Operador',
  courier: 'Repartidor',
};

const EMAIL_STATUS_LABELS: Record<string, string> = {
  pending: 'en cola',
  sent: 'enviado',
  captured: 'enviado (entorno de prueba)',
};

/** 'US$ 5,92', or for an order paid in pesos 'US$ 5,92 = $U 238,00 (1 US$ = 40,15 $U, al pagar)'. */
function refundTitleAmount(refund: Refund): string {
  const shown = shownRefund({
    amountMinor: parseMoney(refund.amount),
    displayMinor: refund.display_amount === null ? null : parseMoney(refund.display_amount),
    currency: refund.display_currency,
    rate: refund.display_rate,
  });
  if (!shown.chargeText) return shown.text;
  return `${shown.chargeText} = ${shown.text}${shown.rateText ? ` (${shown.rateText}, al pagar)` : ''}`;
}

/** Only a paid group's clock runs (order-lateness.ts); a refunded one is over. */
function paidAtOf(group: { paymentStatus: string; paidAt: Date | null }): Date | null {
  return group.paymentStatus === 'paid' ? group.paidAt : null;
}

function storeBrief(row: StoreOrderBriefRow, paidAt: Date | null, now: Date) {
  const status = row.status as StoreOrderStatus;
  return {
    number: row.number,
    store_id: row.storeId,
    store_name: row.storeName,
    status,
    status_label: STAFF_STORE_ORDER_STATUS_LABELS[status],
    total: row.total,
    late: isStoreOrderLate({ status, paidAt, windowEndsAt: row.windowEndsAt }, now),
    unaccepted: status === 'approved' && row.unacceptedAlertedAt !== null,
    window_text: storeOrderWindowText(row),
  };
}

function groupHead(
  group: {
    number: string;
    status: string;
    paymentStatus: string;
    paymentMethod: string;
    total: string;
    country: string;
    createdAt: Date;
  },
  names: { remitter: string; email: string; beneficiary: string },
) {
  const status = group.status as OrderGroupStatus;
  const paymentStatus = group.paymentStatus as PaymentStatus;
  const method = group.paymentMethod as PaymentMethod;
  return {
    number: group.number,
    created: group.createdAt.toISOString(),
    status,
    status_label: ORDER_GROUP_STATUS_LABELS[status],
    payment_status: paymentStatus,
    payment_status_label: PAYMENT_STATUS_LABELS[paymentStatus],
    payment_method: method,
    payment_method_label: PAYMENT_METHOD_LABELS[method],
    total: group.total,
    country: group.country,
    remitter_name: names.remitter,
    remitter_email: names.email,
    beneficiary_name: names.beneficiary,
  };
}

export function presentOrderSummary(
  row: GroupListRow,
  storeRows: readonly StoreOrderBriefRow[],
  now: Date,
): AdminOrderSummary {
  const paidAt = paidAtOf(row);
  const stores = storeRows.map((store) => storeBrief(store, paidAt, now));
  return {
    ...groupHead(row, {
      remitter: `${row.remitterFirstName} ${row.remitterLastName}`.trim(),
      email: row.remitterEmail,
      beneficiary: `${row.beneficiaryFirstName} ${row.beneficiaryLastName}`.trim(),
    }),
    stores,
    late: stores.some((store) => store.late),
  };
}

export interface OrderDetailParts {
  group: GroupRow;
  stores: readonly StoreOrderFullRow[];
  lines: readonly OrderLineFullRow[];
  history: readonly HistoryEventRow[];
  refunds: readonly Refund[];
  /** What each line has given back (issue 27), by line id; lines without refunds are absent. */
  lineRefunds: ReadonlyMap<number, { refundedMinor: number; refundedUnits: number }>;
  emails: readonly EmailEventRow[];
  attempts: readonly AttemptEventRow[];
  notes: readonly NoteRow[];
  /** WhatsApp and SMS about the order (issue 29); absent where a caller has none to show. */
  messages?: readonly MessageEventRow[];
  canCancel: boolean;
}

/** What each store order has given back or has on its way, USD minor units. */
function refundedByStoreOrder(refunds: readonly Refund[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    sums.set(
      refund.store_order_number,
      (sums.get(refund.store_order_number) ?? 0) + parseMoney(refund.amount),
    );
  }
  return sums;
}

/**
 * A WhatsApp or SMS in the timeline (issue 29): to whom (masked number), by which channel, what, and how far
 * it got with the time of its last status; a pending one waiting for 08:00 says so.
 */
function messageEntry(message: MessageEventRow) {
  const kind = MESSAGE_KIND_LABELS[message.kind as OrderMessageKind] ?? message.kind;
  const audience = MESSAGE_AUDIENCE_LABELS[message.audience as MessageAudience] ?? message.audience;
  const channel = message.channel ? MESSAGE_CHANNEL_LABELS[message.channel as MessageChannel] : null;
  const status =
    message.status === 'pending' && message.deferredReason === 'quiet_hours'
      ? MESSAGE_DEFERRED_LABEL
      : (MESSAGE_STATUS_LABELS[message.status as MessageStatus] ?? message.status);
  const when = message.statusAt ? ` (${dateTimeText(message.statusAt.toISOString())})` : '';
  return {
    kind: 'message' as const,
    title: `Mensaje: ${kind}`,
    detail: [`A ${audience} (${maskedPhone(message.toPhone)})`, channel, `${status}${when}`]
      .filter(Boolean)
      .join(' · '),
    actor: null,
    store_order_number: message.storeOrderNumber,
  };
}

function timelineOf(parts: OrderDetailParts): AdminTimelineEntry[] {
  const { group } = parts;
  const entries: AdminTimelineEntry[] = [];
  const entry = (
    at: Date,
    fields: Omit<AdminTimelineEntry, 'at' | 'store_order_number' | 'email_id'> & {
      store_order_number?: string | null;
      email_id?: number | null;
    },
  ) =>
    entries.push({
      at: at.toISOString(),
      store_order_number: null,
      email_id: null,
      ...fields,
    });
  entry(group.createdAt, {
    kind: 'placed',
    title: 'Pedido realizado',
    detail: `${PAYMENT_METHOD_LABELS[group.paymentMethod as PaymentMethod]} · ${usdText(parseMoney(group.total))}`,
    actor: group.remitterEmail,
  });
  if (group.paidAt) {
    entry(group.paidAt, {
      kind: 'payment',
      title: 'Pago recibido',
      detail: [group.paymentLabel, group.paidReference ? `Referencia: ${group.paidReference}` : null]
        .filter(Boolean)
        .join(' · '),
      actor:
        group.paidByUserId === null
          ? (ACTOR_ROLE_LABELS.system ?? null)
          : (ACTOR_ROLE_LABELS.operator ?? null),
    });
  }
  if (group.status === 'cancelled') {
    // The group keeps no cancellation instant; its last update is the cancellation (nothing moves it after).
    entry(group.updatedAt, {
      kind: 'cancel',
      title: 'Pedido cancelado',
      detail: group.cancelReason ?? '',
      actor: null,
    });
  }
  for (const row of parts.history) {
    const to = STAFF_STORE_ORDER_STATUS_LABELS[row.toStatus as StoreOrderStatus] ?? row.toStatus;
    const from = row.fromStatus ? STAFF_STORE_ORDER_STATUS_LABELS[row.fromStatus as StoreOrderStatus] : null;
    entry(row.createdAt, {
      kind: 'status',
      title: from ? (from !== to ? `${from} → ${to}` : to) : `Pedido de tienda creado: ${to}`,
      detail: row.reason,
      actor: row.actorEmail ?? ACTOR_ROLE_LABELS[row.actorRole] ?? row.actorRole,
      store_order_number: row.storeOrderNumber,
    });
  }
  for (const refund of parts.refunds) {
    entry(new Date(refund.created), {
      kind: 'refund',
      // Issue 31: an order paid in pesos names the pesos given back and the payment's rate beside the dollars.
      title: `Devolución de ${refundTitleAmount(refund)}${refund.line_name ? ` (${refund.line_name})` : ''}`,
      detail: `${refund.reason_label} · ${refund.destination_label} · ${refund.status_label}`,
      actor: null,
      store_order_number: refund.store_order_number,
    });
  }
  for (const email of parts.emails) {
    entry(email.createdAt, {
      kind: 'email',
      title: `Correo: ${emailKindLabel(email.kind, email.subject)}`,
      detail: `A ${email.to} · ${EMAIL_STATUS_LABELS[email.status] ?? email.status}`,
      actor: null,
      email_id: email.id,
    });
  }
  for (const attempt of parts.attempts) {
    const reason = ATTEMPT_REASON_LABELS[attempt.reason as AttemptReason] ?? attempt.reason;
    entry(attempt.createdAt, {
      kind: 'attempt',
      title: 'Intento de entrega fallido',
      detail: attempt.note ? `${reason}: ${attempt.note}` : reason,
      actor: attempt.actorEmail ?? ACTOR_ROLE_LABELS[attempt.actorRole] ?? attempt.actorRole,
      store_order_number: attempt.storeOrderNumber,
    });
  }
  for (const message of parts.messages ?? []) {
    entry(message.createdAt, messageEntry(message));
  }
  for (const note of parts.notes) {
    entry(note.createdAt, {
      kind: 'note',
      title: 'Nota interna',
      detail: note.body,
      actor: note.authorEmail,
      store_order_number: note.storeOrderNumber,
    });
  }
  // Oldest first; same instant keeps the order above (placed, payment, then each source's own order).
  return entries
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.at.localeCompare(b.item.at) || a.index - b.index)
    .map(({ item }) => item);
}

export function presentOrderDetail(parts: OrderDetailParts, now: Date): AdminOrderDetail {
  const { group } = parts;
  const paidAt = paidAtOf(group);
  const refunded = refundedByStoreOrder(parts.refunds);
  const paymentStatus = group.paymentStatus as PaymentStatus;
  const stores = parts.stores.map((store) => {
    const status = store.status as StoreOrderStatus;
    const storeLeftMinor = Math.max(0, parseMoney(store.total) - (refunded.get(store.number) ?? 0));
    return {
      ...storeBrief(store, paidAt, now),
      subtotal: store.subtotal,
      shipping: store.shipping,
      discount: store.discount,
      credit: store.credit,
      refunded: formatMinorAsDecimal(refunded.get(store.number) ?? 0),
      due_by: paidAt ? storeOrderDueBy(paidAt) : null,
      // The table's operator edges this order can take now (a reason is asked for by the dialog).
      next_statuses:
        group.status === 'confirmed'
          ? nextStatuses(status, 'operator').filter(
              (to) =>
                transitionRefusal({
                  from: status,
                  to,
                  actor: 'operator',
                  reason: 'x',
                  paymentStatus,
                  codeChecked: true,
                }) === null,
            )
          : [],
      courier_locked: store.courierLockedAt !== null,
      lines: parts.lines
        .filter((line) => line.storeOrderId === store.id)
        .map((line) => {
          const given = parts.lineRefunds.get(line.id) ?? { refundedMinor: 0, refundedUnits: 0 };
          const state = {
            paidMinor: linePaidMinor(parseMoney(line.totalUsd), parseMoney(line.discount)),
            quantity: line.quantity,
            ...given,
          };
          // What the refund dialog may offer: the line's own cap, then its store order's (decision 050).
          const refundableMinor = Math.min(lineLeftMinor(state), storeLeftMinor);
          return {
            id: line.id,
            name: line.name,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            currency: line.currency,
            total: line.totalUsd,
            discount: line.discount,
            available_quantity: line.availableQuantity,
            substitute_name: line.substitute?.name ?? null,
            refunded: formatMinorAsDecimal(given.refundedMinor),
            refunded_units: given.refundedUnits,
            refundable: formatMinorAsDecimal(refundableMinor),
            refundable_units: refundableMinor > 0 ? lineLeftUnits(state) : 0,
          };
        }),
    };
  });
  const beneficiary = group.beneficiary;
  const totalRefunded = [...refunded.values()].reduce((sum, value) => sum + value, 0);
  return {
    ...groupHead(group, {
      remitter: `${group.remitterFirstName} ${group.remitterLastName}`.trim(),
      email: group.remitterEmail,
      beneficiary: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(),
    }),
    stores,
    late: stores.some((store) => store.late),
    payment_label: group.paymentLabel,
    delivery: group.delivery === 'pickup' ? 'pickup' : 'standard',
    delivery_window: { from: group.deliveryFrom, to: group.deliveryTo },
    subtotal: group.subtotal,
    discount: group.discount,
    shipping: group.shipping,
    credit: group.credit,
    refunded: formatMinorAsDecimal(totalRefunded),
    coupon: group.couponCode,
    cancel_reason: group.cancelReason,
    paid_at: group.paidAt?.toISOString() ?? null,
    paid_reference: group.paidReference,
    expires_at: group.expiresAt?.toISOString() ?? null,
    remitter_phone: group.remitterPhone,
    beneficiary: {
      name: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(),
      address: beneficiary.addressLine1,
      city: cityAndStateText(beneficiary.cityName, beneficiary.stateName),
      mobile: beneficiary.mobile,
      email: beneficiary.email,
      notes: [beneficiary.deliveryNotes, beneficiary.meetingPoint].filter(Boolean).join(' · '),
    },
    pickup_contact:
      group.pickupName !== null ? { name: group.pickupName, phone: group.pickupPhone ?? '' } : null,
    refunds: [...parts.refunds],
    emails: parts.emails.map((email) => ({
      id: email.id,
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      status: email.status,
      created: email.createdAt.toISOString(),
      sent: email.sentAt?.toISOString() ?? null,
    })),
    timeline: timelineOf(parts),
    can_cancel: parts.canCancel,
  };
}
