import { describe, expect, it } from 'vitest';
import { actorRoleText, auditActionText, auditChanges, auditFiltersFrom } from './audit-text.ts';

describe('the audit screen text', () => {
  it('reads before and after as changed fields, then the other facts, each named in Spanish', () => {
    expect(
      auditChanges({
        before: { status: 'approved', reason: '' },
        after: { status: 'suspended', reason: 'Sin stock' },
        note: 'por teléfono',
        amount: 12.5,
      }),
    ).toEqual([
      { field: 'status', label: 'Estado', before: 'approved', after: 'suspended' },
      { field: 'reason', label: 'Motivo', before: '«»', after: 'Sin stock' },
      { field: 'note', label: 'Nota', value: 'por teléfono' },
      { field: 'amount', label: 'Importe', value: '12.5' },
    ]);
    expect(auditChanges({ before: { handled: false }, after: { handled: false } })).toEqual([]);
    expect(auditChanges({ before: { handled: false }, after: { handled: true } })).toEqual([
      { field: 'handled', label: 'Resuelto', before: 'no', after: 'sí' },
    ]);
    expect(auditChanges({ after: { assigned_to: 7 } })).toEqual([
      { field: 'assigned_to', label: 'Asignado a', before: '—', after: '7' },
    ]);
    expect(auditChanges({ before: '80.00', after: '85.00' })).toEqual([
      { field: 'value', label: 'Valor', before: '80.00', after: '85.00' },
    ]);
    // Issue 27's rows: a refund by units and a requested operator group read in Spanish.
    expect(auditChanges({ after: { units: 1, operator_group: 'soporte' } })).toEqual([
      { field: 'units', label: 'Unidades', before: '—', after: '1' },
      { field: 'operator_group', label: 'Grupo de operador', before: '—', after: 'Soporte' },
    ]);
    expect(auditChanges({ something_new: 'x' })).toEqual([
      { field: 'something_new', label: 'something_new', value: 'x' },
    ]);
  });

  it("reads recorded codes in Spanish: a payment, how it was settled, and each subject's status (issue 31)", () => {
    expect(
      auditChanges(
        {
          before: { payment_status: 'pending' },
          after: { payment_status: 'paid', reference: 'T-1' },
          via: 'bank_statement',
        },
        'order.mark_paid',
      ),
    ).toEqual([
      { field: 'payment_status', label: 'Pago', before: 'pendiente', after: 'pagado' },
      { field: 'reference', label: 'Referencia', before: '—', after: 'T-1' },
      { field: 'via', label: 'Vía', value: 'extracto bancario' },
    ]);
    expect(
      auditChanges(
        { before: { status: 'approved' }, after: { status: 'preparing_to_delivery' } },
        'store_order.status_changed',
      ),
    ).toEqual([{ field: 'status', label: 'Estado', before: 'nuevo', after: 'en preparación' }]);
    expect(
      auditChanges({ before: { status: 'approved' }, after: { status: 'suspended' } }, 'store.suspended'),
    ).toEqual([{ field: 'status', label: 'Estado', before: 'abierta', after: 'suspendida' }]);
    expect(
      auditChanges({ before: { status: 'pending' }, after: { status: 'paid' } }, 'statement.paid'),
    ).toEqual([{ field: 'status', label: 'Estado', before: 'pendiente', after: 'pagada' }]);
  });

  it('names the role and an operator group', () => {
    expect(actorRoleText({ actor_role: 'operator', operator_group: 'soporte' })).toBe('Operador (Soporte)');
    expect(actorRoleText({ actor_role: 'owner', operator_group: null })).toBe('Dueño de la tienda');
    expect(actorRoleText({ actor_role: 'courier_link', operator_group: null })).toBe('Enlace del repartidor');
  });

  it('names each action in Spanish, and an unknown one by its code', () => {
    expect(auditActionText('operator.granted')).toBe('Rol de operador dado');
    expect(auditActionText('store.suspended')).toBe('Tienda suspendida');
    expect(auditActionText('support.handled')).toBe('Mensaje de soporte resuelto');
    expect(auditActionText('store_order.status_changed')).toBe('Estado del pedido cambiado');
    expect(auditActionText('product.photo_uploaded')).toBe('Foto de producto subida');
    expect(auditActionText('store_order.picked_up')).toBe('Pedido retirado por el repartidor');
    expect(auditActionText('something.new')).toBe('something.new');
  });

  it('keeps only the filters it knows, trimmed and not empty', () => {
    expect(
      auditFiltersFrom(new URLSearchParams('actor=%20ana@x.uy%20&action=&otro=1&from=2026-01-01')),
    ).toEqual({
      actor: 'ana@x.uy',
      from: '2026-01-01',
    });
  });
});
