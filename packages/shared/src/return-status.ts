/**
 * Returns (issue 32 item 1, decision 076): a return request's statuses, the one transition table every change
 * goes through (compare-and-set plus a history row, as for store orders, decision 022) and their Spanish
 * texts. No zod here, so the screens' first load does not carry the schemas' library.
 */

export const RETURN_STATUSES = [
  'requested',
  'accepted',
  'refused',
  'cancelled',
  'picked_up',
  'received',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Who may take an edge: the requester (remitter or family), the store, an operator, the courier's link. */
export type ReturnActor = 'requester' | 'merchant' | 'operator' | 'courier';

interface ReturnEdge {
  to: ReturnStatus;
  by: readonly ReturnActor[];
  /** The move must say why (the refusal, the overrule). */
  needsReason?: boolean;
  /** Only with the pickup code the family gives the courier. */
  needsCode?: boolean;
}

/**
 * requested → accepted | refused (the store) | cancelled (the requester);
 * refused → accepted (an operator overrules, with a reason, audited);
 * accepted → picked_up (the courier, with the pickup code);
 * picked_up → received (the store confirms; the refund goes out in the same transaction).
 * `cancelled` and `received` are terminal.
 */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnEdge[]>> = {
  requested: [
    { to: 'accepted', by: ['merchant'] },
    { to: 'refused', by: ['merchant'], needsReason: true },
    { to: 'cancelled', by: ['requester'] },
  ],
  refused: [{ to: 'accepted', by: ['operator'], needsReason: true }],
  accepted: [{ to: 'picked_up', by: ['courier'], needsCode: true }],
  picked_up: [{ to: 'received', by: ['merchant', 'operator'] }],
  cancelled: [],
  received: [],
};

export type ReturnTransitionRefusal =
  | 'not_allowed'
  | 'actor_not_allowed'
  | 'reason_required'
  | 'code_required';

/** Whether `actor` may move a return from `from` to `to`; null when it may, else why not. */
export function returnTransitionRefusal(input: {
  from: ReturnStatus;
  to: ReturnStatus;
  actor: ReturnActor;
  reason?: string | null;
  codeChecked?: boolean;
}): ReturnTransitionRefusal | null {
  const edge = RETURN_TRANSITIONS[input.from].find((candidate) => candidate.to === input.to);
  if (!edge) return 'not_allowed';
  if (!edge.by.includes(input.actor)) return 'actor_not_allowed';
  if (edge.needsReason && !input.reason?.trim()) return 'reason_required';
  if (edge.needsCode && !input.codeChecked) return 'code_required';
  return null;
}

/** A status as the remitter, the family, the store and the back office read it. */
export const RETURN_STATUS_TEXTS: Record<ReturnStatus, string> = {
  requested: 'Solicitada',
  accepted: 'Aceptada',
  refused: 'Rechazada',
  cancelled: 'Cancelada',
  picked_up: 'Retirada por el repartidor',
  received: 'Recibida y reembolsada',
};

/** Statuses still open (a line's units in one of these cannot be asked for again). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'accepted', 'picked_up'];

/** Where the refund of a return goes, as the requester chose. */
export const RETURN_REFUND_TARGETS = ['card', 'credit'] as const;
export type ReturnRefundTarget = (typeof RETURN_REFUND_TARGETS)[number];

export const RETURN_REFUND_TARGET_LABELS: Record<ReturnRefundTarget, string> = {
  card: 'A la tarjeta con la que se pagó',
  credit: 'Como saldo en Mandado',
};

/** Who asked: the signed-in remitter ('Mis Compras') or the family (the tracking link). */
export const RETURN_REQUESTERS = ['remitter', 'family'] as const;
export type ReturnRequester = (typeof RETURN_REQUESTERS)[number];

/** The refusal's and the overrule's length, as the store's and the operator's forms check it. */
export const RETURN_REASON_MIN = 10;
export const RETURN_REASON_MAX = 500;

/**
 * Store kinds whose products are not returnable by default (Ley 17.250 art. 16 bis: perishables and sealed
 * hygiene goods): greengrocers, butchers and pharmacies. Every other kind's new products are returnable; the
 * owner changes it per product ('No admite devolución').
 */
export const NOT_RETURNABLE_STORE_KINDS: readonly string[] = ['greengrocer_shop', 'meat_shop', 'pharmacy'];

/** Whether a new product of a store of this kind is returnable. */
export function returnableByDefault(storeKind: string): boolean {
  return !NOT_RETURNABLE_STORE_KINDS.includes(storeKind);
}

/** The courier's page for a reverse pickup in the staff app (no account: the token is the credential). */
export const RETURN_COURIER_PATH = '/entrega/devolucion/:token';

export function returnCourierUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${RETURN_COURIER_PATH.replace(':token', () => token)}`;
}

/** Wrong pickup codes in a row before the reverse pickup's link locks (as the delivery code's). */
export const RETURN_MAX_CODE_FAILURES = 5;

/** The API's Spanish answers about returns (4xx details), and the screens' notes on a line or an order. */
export const RETURN_MESSAGES = {
  orderNotFound: 'No encontramos ese pedido.',
  storeOrderNotFound: 'Ese pedido no es de esta compra.',
  returnNotFound: 'No encontramos esa devolución.',
  notDelivered: 'Todavía no se entregó',
  deadlinePassed: (dateText: string) => `El plazo terminó el ${dateText}`,
  lineNotInOrder: 'Ese producto no es de este pedido.',
  lineRepeated: 'Elegiste el mismo producto dos veces.',
  lineNotReturnable: 'Este producto no admite devolución (perecedero o de higiene personal).',
  tooManyUnits: (left: number) =>
    left === 0
      ? 'Ya pediste devolver todas las unidades de este producto.'
      : `Puedes devolver como máximo ${left} ${left === 1 ? 'unidad' : 'unidades'} de este producto.`,
  cardNotPossible: 'Este pedido no se pagó con tarjeta: el reembolso solo puede ir como saldo.',
  notPaid: 'Este pedido no está pago: no hay nada que reembolsar.',
  statusMoved: 'La devolución cambió mientras tanto: vuelve a cargarla.',
  notAllowedNow: (statusText: string) => `La devolución está «${statusText}»: no se puede hacer eso ahora.`,
  reasonRequired: 'Explica el motivo (al menos 10 caracteres).',
  linkNotFound: 'Este enlace de retiro no existe o ya no se usa.',
  linkLocked:
    'Se escribieron demasiados códigos equivocados: el enlace quedó bloqueado. Escribe a Mandado para reabrirlo.',
  wrongCode: (triesLeft: number) =>
    `El código no coincide. ${triesLeft === 1 ? 'Queda 1 intento' : `Quedan ${triesLeft} intentos`}.`,
  photoNotFound: 'No encontramos esa foto: vuelve a subirla.',
} as const;
