import type { ReturnsOverview } from '@mandado/shared/returns-schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { ReturnForm, type ReturnFormOutput } from './return-form.tsx';

/** A delivered clothing order: two T-shirts, one sealed deodorant (art. 16 bis) and trousers already asked for. */
const STORE_ORDER: ReturnsOverview['storeOrders'][number] = {
  storeOrderNumber: 'MV-1024-1',
  storeName: 'Tienda Ropa Centro',
  deliveredAt: '2026-11-30T15:00:00.000Z',
  deadline: '2026-12-08T03:00:00.000Z',
  open: true,
  closedReason: null,
  lines: [
    {
      lineId: 11,
      name: 'Remera de algodón',
      quantity: 2,
      returnableQuantity: 2,
      returnable: true,
      notReturnableReason: null,
    },
    {
      lineId: 12,
      name: 'Desodorante sellado',
      quantity: 1,
      returnableQuantity: 0,
      returnable: false,
      notReturnableReason: 'Este producto no admite devolución (perecedero o de higiene personal).',
    },
    {
      lineId: 13,
      name: 'Pantalón',
      quantity: 1,
      returnableQuantity: 0,
      returnable: true,
      notReturnableReason: null,
    },
  ],
};

describe('ReturnForm', () => {
  it('shows the deadline and the lines that cannot go back, checks before sending, keeps every value when the server refuses, then sends', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: ReturnFormOutput[] = [];
    const send = vi
      .fn<(output: ReturnFormOutput) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(422, { detail: 'El plazo terminó el lunes 7/12 a las 23:59.' }))
      .mockImplementation(async (output) => {
        sent.push(output);
      });
    renderWithApp(
      <ReturnForm storeOrder={STORE_ORDER} requester="remitter" send={send} onCancel={vi.fn()} />,
    );
    const form = within(screen.getByRole('form', { name: 'Devolver productos de Tienda Ropa Centro' }));
    expect(
      form.getByText('Puedes pedir la devolución hasta el lunes 7/12 a las 23:59 (hora de Montevideo).'),
    ).toBeTruthy();

    // The sealed deodorant and the trousers already asked for are shown, disabled, each with its reason.
    const deodorant = form.getByRole('combobox', { name: 'Cantidad a devolver de Desodorante sellado' });
    expect(deodorant).toHaveProperty('disabled', true);
    expect(deodorant.getAttribute('aria-describedby')).toBeTruthy();
    expect(form.getByText(/no admite devolución \(perecedero/)).toBeTruthy();
    expect(form.getByRole('combobox', { name: 'Cantidad a devolver de Pantalón' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(form.getByText('Ya pediste devolver todas las unidades de este producto.')).toBeTruthy();

    const submit = form.getByRole('button', { name: 'Pedir la devolución' });
    await user.click(submit);
    expect(await form.findByText('Escribe al menos 10 caracteres.')).toBeTruthy();
    expect(form.getByText('Elige cómo recibir el reembolso.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.type(form.getByLabelText(/^Motivo/), 'La talla no le queda.');
    await user.click(form.getByLabelText('Como saldo en Mandado'));
    await user.click(submit);
    expect(await form.findByText('Elige al menos un producto para devolver.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    const shirts = form.getByRole('combobox', { name: 'Cantidad a devolver de Remera de algodón' });
    expect(
      within(shirts)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(shirts, '1');
    await user.click(submit);
    // The server's reason, said at once; what was chosen and typed stays for another try.
    expect((await form.findByRole('alert')).textContent).toContain('El plazo terminó el lunes 7/12');
    expect(shirts).toHaveProperty('value', '1');
    expect(form.getByLabelText(/^Motivo/)).toHaveProperty('value', 'La talla no le queda.');
    expect(form.getByLabelText('Como saldo en Mandado')).toHaveProperty('checked', true);

    await user.click(submit);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      input: {
        storeOrderNumber: 'MV-1024-1',
        lines: [{ lineId: 11, quantity: 1 }],
        reason: 'La talla no le queda.',
        refundTo: 'credit',
      },
      photo: null,
    });
  });

  it('puts a field the server names under its box', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn().mockRejectedValue(
      new ApiError(400, {
        refundTo: ['Este pedido no se pagó con tarjeta: el reembolso solo puede ir como saldo.'],
      }),
    );
    renderWithApp(<ReturnForm storeOrder={STORE_ORDER} requester="family" send={send} onCancel={vi.fn()} />);
    const form = within(screen.getByRole('form'));
    expect(form.getByText('El dinero vuelve a quien pagó la compra.')).toBeTruthy();
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Cantidad a devolver de Remera de algodón' }),
      '2',
    );
    await user.type(form.getByLabelText(/^Motivo/), 'Llegó con una mancha.');
    await user.click(form.getByLabelText('A la tarjeta con la que se pagó'));
    await user.click(form.getByRole('button', { name: 'Pedir la devolución' }));
    expect(await form.findAllByText(/solo puede ir como saldo/)).not.toHaveLength(0);
    expect(form.getByLabelText('A la tarjeta con la que se pagó').getAttribute('aria-invalid')).toBe('true');
  });
});
