import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentReferenceDialog } from './payment-reference-dialog.tsx';

function renderDialog(onSubmit: (reference: string) => Promise<void>) {
  const onClose = vi.fn();
  render(
    <PaymentReferenceDialog
      title="Marcar pagado MV-10234"
      text="Ana Pérez transfirió US$ 18,00."
      referenceLabel="Referencia de la transferencia"
      confirmLabel="Marcar pagado"
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Marcar pagado MV-10234' })), onClose };
}

describe('PaymentReferenceDialog', () => {
  it('requires the reference, trimmed, before recording the payment', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    const { dialog } = renderDialog(onSubmit);
    const reference = dialog.getByLabelText('Referencia de la transferencia');
    await user.click(dialog.getByRole('button', { name: 'Marcar pagado' }));
    expect(await dialog.findByText('Campo requerido')).toBeTruthy();
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(reference, '  BROU-99812 ');
    await user.click(dialog.getByRole('button', { name: 'Marcar pagado' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('BROU-99812'));
  });

  it('says the server’s reason and stays open with the reference typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, { detail: 'Este pedido ya está pagado.' });
    });
    const { dialog, onClose } = renderDialog(onSubmit);
    await user.type(dialog.getByLabelText('Referencia de la transferencia'), 'BROU-99812');
    await user.click(dialog.getByRole('button', { name: 'Marcar pagado' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Este pedido ya está pagado.');
    expect(dialog.getByLabelText('Referencia de la transferencia')).toHaveProperty('value', 'BROU-99812');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
