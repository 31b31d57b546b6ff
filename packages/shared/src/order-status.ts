/**
 * Order statuses (spec §3) and the one transition table every status change goes through (decision 022).
 * A store order moves only along these edges, by a compare-and-set update that records who, when and why.
 */

export const STORE_ORDER_STATUSES = [
  'pending',
  'approved',
  'warning',
  'rejected',
  'preparing_to_delivery',
  'ready_to_delivery',
  'in_transit',
  'delivery_attempt',
  'delivered',
  'fulfilled',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** Spec §3 payment statuses, plus `refunded` (money sent back after a cancelled or rejected order). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The group (one checkout) is `awaiting_payment` while a card payment is being decided (3-D Secure, PayPal
 * approval), `confirmed` once placed for transfer/cash or paid by card, and `cancelled` when a card was
 * declined, a transfer expired or the shopper gave up.
 */
export const ORDER_GROUP_STATUSES = ['awaiting_payment', 'confirmed', 'cancelled'] as const;
export type OrderGroupStatus = (typeof ORDER_GROUP_STATUSES)[number];

/**
 * Who may take an edge: the system (payment events), the store's merchants, our operators, or the courier
 * holding the store order's link (issue 17; no account, the link is the credential).
 */
export type TransitionActor = 'system' | 'merchant' | 'operator' | 'courier';

interface Edge {
  to: StoreOrderStatus;
  by: readonly TransitionActor[];
  /** The change must say why (shown to the remitter and kept in the history). */
  needsReason?: boolean;
  /** Only once the group's payment is `paid`. */
  needsPayment?: boolean;
  /**
   * Only with the beneficiary's delivery code checked (issue 17): the courier's link and the store's counter
   * ask for it. An operator may still take the edge by hand, with a reason.
   */
  needsCode?: boolean;
}

const STAFF: readonly TransitionActor[] = ['merchant', 'operator'];

/**
 * From each status, where it may go. `fulfilled` and `rejected` are terminal. `pending → approved` happens
 * when the payment is recorded (card success, or an operator marking a transfer paid), so it needs payment.
 */
export const STORE_ORDER_TRANSITIONS: Readonly<Record<StoreOrderStatus, readonly Edge[]>> = {
  pending: [
    { to: 'approved', by: ['system', 'operator'], needsPayment: true },
    { to: 'warning', by: STAFF, needsReason: true },
    { to: 'rejected', by: ['system', 'merchant', 'operator'], needsReason: true },
  ],
  // 'Con problemas': an operator's queue. Two failed deliveries land here (system); an operator sends the
  // order back to the store's hands or on its way again, or rejects it.
  warning: [
    { to: 'approved', by: ['system', 'merchant', 'operator'], needsPayment: true },
    { to: 'preparing_to_delivery', by: ['operator'], needsPayment: true },
    { to: 'ready_to_delivery', by: ['operator'], needsPayment: true },
    { to: 'rejected', by: ['system', 'merchant', 'operator'], needsReason: true },
  ],
  // 'Nuevos' in the store's inbox: 'Aceptar' starts preparation, 'Rechazar' needs a reason and refunds.
  approved: [
    // The system takes it for a store with auto-accept on (issue 31), right after the payment.
    { to: 'preparing_to_delivery', by: ['system', 'merchant', 'operator'] },
    { to: 'rejected', by: STAFF, needsReason: true },
  ],
  preparing_to_delivery: [
    { to: 'ready_to_delivery', by: STAFF },
    { to: 'warning', by: STAFF, needsReason: true },
    { to: 'rejected', by: STAFF, needsReason: true },
  ],
  // Ready: a courier collects it (delivery) or the beneficiary does, with the code (pick-up: delivered).
  ready_to_delivery: [
    { to: 'in_transit', by: ['courier', 'merchant', 'operator'] },
    { to: 'delivered', by: ['courier', 'merchant', 'operator'], needsCode: true },
    { to: 'delivery_attempt', by: ['courier', 'merchant', 'operator'], needsReason: true },
  ],
  in_transit: [
    { to: 'delivered', by: ['courier', 'merchant', 'operator'], needsCode: true },
    { to: 'delivery_attempt', by: ['courier', 'merchant', 'operator'], needsReason: true },
  ],
  // After one failed try the courier may try again (delivered) or give up a second time (warning).
  delivery_attempt: [
    { to: 'in_transit', by: ['courier', 'merchant', 'operator'] },
    { to: 'ready_to_delivery', by: STAFF },
    { to: 'delivered', by: ['courier', 'merchant', 'operator'], needsCode: true },
    { to: 'warning', by: ['system', 'operator'], needsReason: true },
    { to: 'rejected', by: STAFF, needsReason: true },
  ],
  delivered: [{ to: 'fulfilled', by: ['system', 'operator'] }],
  rejected: [],
  fulfilled: [],
};

export type TransitionRefusal =
  | 'not_allowed'
  | 'actor_not_allowed'
  | 'reason_required'
  | 'payment_required'
  | 'code_required';

/** Whether `actor` may move a store order from `from` to `to`; null when it may, else why not. */
export function transitionRefusal(input: {
  from: StoreOrderStatus;
  to: StoreOrderStatus;
  actor: TransitionActor;
  reason?: string | null;
  paymentStatus: PaymentStatus;
  /** The delivery code was checked for this move (the courier's link, the store's counter). */
  codeChecked?: boolean;
}): TransitionRefusal | null {
  const edge = STORE_ORDER_TRANSITIONS[input.from].find((candidate) => candidate.to === input.to);
  if (!edge) return 'not_allowed';
  if (!edge.by.includes(input.actor)) return 'actor_not_allowed';
  if (edge.needsReason && !input.reason?.trim()) return 'reason_required';
  if (edge.needsPayment && input.paymentStatus !== 'paid') return 'payment_required';
  if (edge.needsCode && input.actor !== 'operator' && !input.codeChecked) return 'code_required';
  if (edge.needsCode && input.actor === 'operator' && !input.codeChecked && !input.reason?.trim()) {
    return 'reason_required';
  }
  return null;
}

/**
 * The statuses an actor may choose next, for the screens to offer as plain moves (policies tell the client).
 * An edge that needs the delivery code is not a plain move for a store or a courier: their screens offer it
 * as a form that asks for the code, and they ask with `withCode` whether that form applies.
 */
export function nextStatuses(
  from: StoreOrderStatus,
  actor: TransitionActor,
  options: { withCode?: boolean } = {},
): StoreOrderStatus[] {
  return STORE_ORDER_TRANSITIONS[from]
    .filter((edge) => edge.by.includes(actor))
    .filter((edge) => !edge.needsCode || actor === 'operator' || options.withCode === true)
    .map((edge) => edge.to);
}

/** Spanish labels the remitter, the family member and the staff see. */
export const STORE_ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  warning: 'Requiere atención',
  rejected: 'Rechazado',
  preparing_to_delivery: 'En preparación',
  ready_to_delivery: 'Listo para entregar',
  in_transit: 'En camino',
  delivery_attempt: 'Intento de entrega',
  delivered: 'Entregado',
  fulfilled: 'Completado',
};

/**
 * The same statuses as the store's staff and the operators read them (issue 31): a paid order the store has
 * not accepted yet is 'Nuevo' to them ('Aprobado' said the payment was approved, and read as accepted).
 */
export const STAFF_STORE_ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = {
  ...STORE_ORDER_STATUS_LABELS,
  approved: 'Nuevo',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pago pendiente',
  paid: 'Pagado',
  refunded: 'Reembolsado',
};

export const ORDER_GROUP_STATUS_LABELS: Record<OrderGroupStatus, string> = {
  awaiting_payment: 'Esperando el pago',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
};
