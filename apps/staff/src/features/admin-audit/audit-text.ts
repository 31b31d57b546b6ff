import type { AuditEvent } from '@mandado/shared/admin-audit.schemas';
import { OPERATOR_GROUP_LABELS } from '@mandado/shared/admin-people.schemas';
import { ADMIN_STORE_STATUS_LABELS } from '@mandado/shared/admin-stores.schemas';
import { ORDER_GROUP_STATUS_LABELS, STAFF_STORE_ORDER_STATUS_LABELS } from '@mandado/shared/order-status';

/** The filters of the audit screen, as the query string holds them (and the API takes them). */
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'subject', 'store_id', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<AuditFilterKey, string>>;

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** One line of 'antes → después', or a plain fact recorded with the action (a reason, an amount). */
export interface AuditChange {
  /** The recorded key ('status'), unique in one row. */
  field: string;
  /** What the screen calls it ('Estado'); an unknown key reads as itself. */
  label: string;
  before?: string;
  after?: string;
  value?: string;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '«»' : value;
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  return JSON.stringify(value);
}

/** The keys the API's recordAudit calls write into a row's detail, as an operator names them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  active: 'Activo',
  auto_accept: 'Acepta sola los pedidos',
  attempts: 'Intentos',
  available: 'Disponibles',
  amount: 'Importe',
  assigned_to: 'Asignado a',
  bank_statement_import_id: 'Extracto',
  body: 'Texto',
  closure: 'Cierre',
  code_failures: 'Códigos fallidos',
  commission_rate: 'Comisión',
  copy_of: 'Copia del correo',
  created: 'Creados',
  credit: 'Crédito',
  currency: 'Moneda',
  delivery_id: 'Envío',
  destination: 'Destino',
  disabled: 'Desactivado',
  email: 'Correo',
  email_id: 'Correo',
  event_id: 'Evento',
  events: 'Eventos',
  file_name: 'Archivo',
  from: 'Desde',
  group: 'Grupo',
  handled: 'Resuelto',
  handled_by: 'Resuelto por',
  hours: 'Horario',
  kind: 'Tipo',
  line_id: 'Línea',
  locked: 'Bloqueada',
  locked_reason: 'Motivo del bloqueo',
  logo: 'Logo',
  matched: 'Filas que coinciden',
  name: 'Nombre',
  net: 'Neto',
  note: 'Nota',
  note_id: 'Nota',
  operator_group: 'Grupo de operador',
  paid: 'Pagados',
  patch: 'Cambios',
  photo: 'Foto',
  photo_id: 'Foto',
  paused_until: 'En pausa hasta',
  preparation_minutes: 'Minutos de preparación',
  skipped: 'Filas dejadas fuera',
  mode: 'Modo',
  payment_status: 'Pago',
  price: 'Precio',
  rate: 'Tasa',
  reason: 'Motivo',
  received_by: 'Recibió',
  refund: 'Devuelto',
  reference: 'Referencia',
  refund_id: 'Devolución',
  replay_id: 'Reenvío',
  reply_id: 'Respuesta',
  request: 'Pedido de grupo',
  requested_by: 'Pedido por',
  role: 'Rol',
  second_factor: 'Verificación en dos pasos',
  rows: 'Filas',
  shipping: 'Envío',
  status: 'Estado',
  status_reason: 'Motivo del estado',
  stock: 'Stock',
  store_name: 'Tienda',
  store_order: 'Pedido de tienda',
  substitute: 'Reemplazo',
  to: 'A',
  unchanged: 'Sin cambios',
  units: 'Unidades',
  updated: 'Actualizados',
  url: 'Dirección',
  value: 'Valor',
  via: 'Vía',
};

/** Labels as they read inside a sentence: 'pendiente → pagado', not 'Pendiente → Pagado'. */
function lower(labels: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(labels).map(([code, label]) => [code, label.toLocaleLowerCase('es')]),
  );
}

/**
 * Recorded codes in Spanish (issue 31: the trail read 'pending → paid' and 'bank_statement'). A field's
 * values mean one thing whatever the action; `status` means the subject's status, so the action's first part
 * (store_order, order, store, statement, store_application) says which list to read it from.
 */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  payment_status: { pending: 'pendiente', paid: 'pagado', refunded: 'reembolsado' },
  via: { manual: 'a mano', bank_statement: 'extracto bancario' },
  mode: { all: 'todo o nada', valid: 'solo las filas correctas' },
};

const STATUS_LABELS_BY_SUBJECT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  store_order: lower(STAFF_STORE_ORDER_STATUS_LABELS),
  order: lower(ORDER_GROUP_STATUS_LABELS),
  store: lower(ADMIN_STORE_STATUS_LABELS),
  statement: { pending: 'pendiente', paid: 'pagada' },
  store_application: { pending: 'pendiente', approved: 'aprobada', rejected: 'rechazada' },
};

/** A value as the screens name it: an operator group reads 'Soporte', not its code 'soporte'. */
function fieldText(field: string, value: unknown, action?: string): string {
  if (field === 'operator_group' && typeof value === 'string') return GROUP_LABELS[value] ?? value;
  if (typeof value === 'string') {
    const labels =
      field === 'status' && action
        ? STATUS_LABELS_BY_SUBJECT[action.split('.')[0] ?? '']
        : VALUE_LABELS[field];
    const label = labels?.[value];
    if (label) return label;
  }
  return text(value);
}

function change(field: string, values: Omit<AuditChange, 'field' | 'label'>): AuditChange {
  return { field, label: FIELD_LABELS[field] ?? field, ...values };
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The detail of a row as lines to read: each field of `before`/`after` that changed as before → after (a
 * field only on one side still shows, with '—' for the other; plain values as one 'Valor'), then the other
 * keys as they are. Known codes read in Spanish; `action` (the row's) names what a `status` is of.
 */
export function auditChanges(detail: AuditEvent['detail'], action?: string): AuditChange[] {
  const before = record(detail.before);
  const after = record(detail.after);
  const changes: AuditChange[] = [];
  if (before || after) {
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    for (const field of fields) {
      const was = fieldText(field, before?.[field], action);
      const is = fieldText(field, after?.[field], action);
      if (was !== is) changes.push(change(field, { before: was, after: is }));
    }
    if (!before && detail.before !== undefined) {
      changes.push({ field: 'before', label: 'Antes', value: text(detail.before) });
    }
    if (!after && detail.after !== undefined) {
      changes.push({ field: 'after', label: 'Después', value: text(detail.after) });
    }
  } else if (detail.before !== undefined || detail.after !== undefined) {
    // A single value changed (a setting: `{ before: '80.00', after: '85.00' }`).
    const was = text(detail.before);
    const is = text(detail.after);
    if (was !== is) changes.push(change('value', { before: was, after: is }));
  }
  for (const [field, value] of Object.entries(detail)) {
    if (field === 'before' || field === 'after') continue;
    changes.push(change(field, { value: fieldText(field, value, action) }));
  }
  return changes;
}

/**
 * What each recorded action means, in Spanish (the codes come from the API's recordAudit calls). The screen
 * shows the code too, small: it is what the 'Acción' filter takes. An action missing here shows its code.
 */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'account.locked': 'Cuenta bloqueada',
  'account.second_factor_removed': 'Verificación en dos pasos quitada',
  'account.unlocked': 'Cuenta desbloqueada',
  'bank_statement.import': 'Extracto bancario importado',
  'bank_statement.confirm': 'Extracto bancario confirmado',
  'coupon.created': 'Cupón creado',
  'coupon.updated': 'Cupón modificado',
  'currency.override_set': 'Tasa manual fijada',
  'currency.override_removed': 'Tasa manual quitada',
  'member.added': 'Persona sumada al equipo',
  'member.invited': 'Invitación al equipo enviada',
  'member.invitation_revoked': 'Invitación al equipo anulada',
  'member.joined': 'Invitación al equipo aceptada',
  'member.removed': 'Persona quitada del equipo',
  'member.role_changed': 'Rol en el equipo cambiado',
  'operator.grant_requested': 'Grupo de operador pedido (espera aprobación)',
  'operator.grant_rejected': 'Grupo de operador pedido rechazado',
  'operator.granted': 'Rol de operador dado',
  'operator.group_changed': 'Grupo de operador cambiado',
  'operator.removed': 'Rol de operador quitado',
  'order.cancelled': 'Pedido cancelado',
  'order.email_resent': 'Correo del pedido reenviado',
  'order.mark_paid': 'Pedido marcado como pagado',
  'order.note_added': 'Nota interna agregada',
  'product.created': 'Producto creado',
  'product.import': 'Productos importados',
  'product.photo_uploaded': 'Foto de producto subida',
  'product.stock': 'Stock cambiado',
  'product.updated': 'Producto modificado',
  'refund.created': 'Devolución registrada',
  'refund.recorded': 'Transferencia de una devolución registrada',
  'setting.changed': 'Ajuste cambiado',
  'statement.paid': 'Liquidación pagada',
  'statement.shipping_paid': 'Liquidación de envíos pagada',
  'store.availability': 'Disponibilidad de la tienda cambiada',
  'store.commission_changed': 'Comisión cambiada',
  'store.hours': 'Horario de la tienda cambiado',
  'store.logo': 'Logo de la tienda cambiado',
  'store.preparation': 'Preparación de la tienda cambiada',
  'store.substitution_wait': 'Espera de respuesta a reemplazos cambiada',
  'store.profile': 'Datos de la tienda cambiados',
  'store.reopened': 'Tienda reabierta',
  'store.suspended': 'Tienda suspendida',
  'store_order.delivered': 'Pedido entregado con el código',
  'store_order.delivery_attempt': 'Intento de entrega fallido',
  'store_order.line_changed': 'Producto del pedido sin stock o reemplazado',
  'store_order.picked_up': 'Pedido retirado por el repartidor',
  'store_order.proof_photo': 'Foto de la entrega subida',
  'store_order.seen': 'Pedido abierto por la tienda',
  'store_order.status_changed': 'Estado del pedido cambiado',
  'store_order.wrong_code': 'Código de entrega incorrecto',
  'store_application.approved': 'Solicitud de tienda aprobada',
  'store_application.rejected': 'Solicitud de tienda rechazada',
  'support.assigned': 'Mensaje de soporte asignado',
  'support.handled': 'Mensaje de soporte resuelto',
  'support.reopened': 'Mensaje de soporte reabierto',
  'support.replied': 'Mensaje de soporte respondido',
  'wallet.adjusted': 'Saldo ajustado',
  'webhook.created': 'Webhook creado',
  'webhook.delivery_replayed': 'Aviso de webhook reenviado',
  'webhook.secret_rotated': 'Secreto de webhook renovado',
  'webhook.updated': 'Webhook modificado',
  'zones.replaced': 'Zonas reemplazadas',
};

/** "Tienda suspendida" for `store.suspended`; an action the map does not know reads as its code. */
export function auditActionText(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

const ROLE_LABELS: Record<AuditEvent['actor_role'], string> = {
  owner: 'Dueño de la tienda',
  staff: 'Personal de la tienda',
  operator: 'Operador',
  courier_link: 'Enlace del repartidor',
};

/** The groups as the people screens name them. */
const GROUP_LABELS: Readonly<Record<string, string>> = OPERATOR_GROUP_LABELS;

/** "Operador (Soporte)", "Dueño de la tienda". */
export function actorRoleText(event: Pick<AuditEvent, 'actor_role' | 'operator_group'>): string {
  const role = ROLE_LABELS[event.actor_role];
  if (event.actor_role !== 'operator' || !event.operator_group) return role;
  return `${role} (${GROUP_LABELS[event.operator_group] ?? event.operator_group})`;
}
