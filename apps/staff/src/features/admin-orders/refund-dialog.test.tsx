import type { AdminOrderDetail, AdminOrderLine } from '@mandado/shared/admin-orders.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefundDialog } from './refund-dialog.tsx';

function aLine(overrides: Partial<AdminOrderLine> & Pick<AdminOrderLine, 'id' | 'name'>): AdminOrderLine {
  return {
    quantity: 1,
    unit_price: '4.00',
    currency: 'USD',
    total: '4.00',
    discount: '0.00',
    available_quantity: null,
    substitute_name: null,
    refunded: '0.00',
    refunded_units: 0,
    refundable: '4.00',
    refundable_units: 1,
    ...overrides,
  };
}

/** A paid card order of one store: rice already refunded, 2 coffees and 1 soap still to give back. */
function aCardOrder(): AdminOrderDetail {
  const lines = [
    aLine({
      id: 1,
      name: 'Arroz',
      refunded: '4.00',
      refunded_units: 1,
      refundable: '0.00',
      refundable_units: 0,
    }),
    aLine({
      id: 2,
      name: 'Café',
      quantity: 2,
      unit_price: '5.00',
      total: '10.00',
      refundable: '10.00',
      refundable_units: 2,
    }),
    aLine({ id: 3, name: 'Jabón', refundable: '4.00' }),
  ];
  return {
    number: 'MV-10234',
    created: '2026-11-20T12:00:00Z',
    status: 'confirmed',
    status_label: 'Confirmado',
    payment_status: 'paid',
    payment_status_label: 'Pagado',
    payment_method: 'card',
    payment_method_label: 'Tarjeta',
    total: '18.00',
    country: 'ES',
    remitter_name: 'Ana Pérez',
    remitter_email: 'ana@example.com',
    beneficiary_name: 'Juan Pérez',
    late: false,
    payment_label: null,
    delivery: 'standard',
    delivery_window: { from: '2026-11-21', to: '2026-11-23' },
    subtotal: '18.00',
    discount: '0.00',
    shipping: '0.00',
    credit: '0.00',
    refunded: '4.00',
    coupon: null,
    cancel_reason: null,
    paid_at: '2026-11-20T12:05:00Z',
    paid_reference: null,
    expires_at: null,
    remitter_phone: '+34600000000',
    beneficiary: {
      name: 'Juan Pérez',
      address: 'Calle 1',
      city: 'Montevideo',
      mobile: '',
      email: '',
      notes: '',
    },
    pickup_contact: null,
    stores: [
      {
        number: 'MV-10234-1',
        store_id: 7,
        store_name: 'Almacén Centro',
        status: 'delivered',
        status_label: 'Entregado',
        total: '18.00',
        late: false,
        unaccepted: false,
        window_text: null,
        subtotal: '18.00',
        shipping: '0.00',
        discount: '0.00',
        credit: '0.00',
        refunded: '4.00',
        due_by: null,
        next_statuses: [],
        courier_locked: false,
        lines,
      },
    ],
    refunds: [],
    emails: [],
    timeline: [],
    can_cancel: false,
  };
}

function renderDialog(onRefund = vi.fn(async () => {})) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  const onChanged = vi.fn(async () => {});
  render(
    <RefundDialog
      order={aCardOrder()}
      initialScope={{ kind: 'lines' }}
      onRefund={onRefund}
      onDone={onDone}
      onClose={onClose}
      onChanged={onChanged}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Devolver dinero de MV-10234' }));
  return { dialog, onRefund, onDone, onClose, onChanged };
}

describe('RefundDialog', () => {
  it('shows a refunded line as Devuelto and not choosable, and what is left of the others', () => {
    const { dialog } = renderDialog();
    const rice = dialog.getByLabelText(/1 × Arroz.*Devuelto/);
    expect(rice).toHaveProperty('disabled', true);
    expect(dialog.getByLabelText(/2 × Café.*quedan US\$ 10/)).toHaveProperty('disabled', false);
    expect(dialog.getByText('Devuelto')).toBeTruthy();
  });

  it('asks for a line and a reason before refunding anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onRefund } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Devolver' }));
    expect(dialog.getByRole('alert').textContent).toBe('Elige al menos un producto.');
    await user.click(dialog.getByLabelText(/1 × Jabón/));
    await user.click(dialog.getByRole('button', { name: 'Devolver' }));
    expect(dialog.getByRole('alert').textContent).toBe('Escribe el motivo de la devolución.');
    expect(onRefund).not.toHaveBeenCalled();
  });

  it('refunds chosen units of a line to the card, one refund per line', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onRefund, onDone } = renderDialog();
    await user.click(dialog.getByLabelText(/2 × Café/));
    const units = dialog.getByLabelText('Unidades de Café');
    expect(
      within(units)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 de 2', '2 de 2']);
    await user.selectOptions(units, '1 de 2');
    await user.click(dialog.getByLabelText(/1 × Jabón/));
    await user.type(dialog.getByLabelText('Motivo'), '  Llegó uno abierto ');
    expect(dialog.getByLabelText('A dónde va el dinero')).toHaveProperty('value', 'original_payment');
    await user.click(dialog.getByRole('button', { name: 'Devolver' }));
    expect(onRefund.mock.calls).toEqual([
      ['MV-10234-1', { units: 1, destination: 'original_payment', note: 'Llegó uno abierto', line_id: 2 }],
      ['MV-10234-1', { units: 1, destination: 'original_payment', note: 'Llegó uno abierto', line_id: 3 }],
    ]);
    expect(onDone).toHaveBeenCalledWith(2);
  });

  it('says how many refunds went through when the server refuses one, reloads the order, and keeps only the choices not refunded', async () => {
    const user = userEvent.setup({ delay: null });
    const onRefund = vi
      .fn(async () => {})
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new ApiError(409, { detail: 'Ya se devolvió todo lo pagado de este pedido.' }));
    const { dialog, onDone, onChanged } = renderDialog(onRefund);
    await user.click(dialog.getByLabelText(/2 × Café/));
    await user.click(dialog.getByLabelText(/1 × Jabón/));
    await user.type(dialog.getByLabelText('Motivo'), 'Llegó vencido');
    await user.click(dialog.getByRole('button', { name: 'Devolver' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Se hicieron 1 de 2 devoluciones. Ya se devolvió todo lo pagado de este pedido.',
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(dialog.getByLabelText('Motivo')).toHaveProperty('value', 'Llegó vencido');
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The coffee went back: 'Devolver' again must not give it back twice. The soap, refused, stays chosen.
    expect(dialog.getByLabelText(/2 × Café/)).toHaveProperty('checked', false);
    expect(dialog.getByLabelText(/1 × Jabón/)).toHaveProperty('checked', true);
    expect(dialog.getByRole('button', { name: 'Devolver' })).toHaveProperty('disabled', false);
  });

  it('closes on Volver without refunding', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose, onRefund } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Volver' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onRefund).not.toHaveBeenCalled();
  });
});
