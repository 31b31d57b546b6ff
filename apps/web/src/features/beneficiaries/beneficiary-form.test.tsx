import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AddressSlotProps, BeneficiaryForm, SHAKE_MS } from './beneficiary-form.tsx';

/**
 * The address slot is the form's own render prop (the map lives in another feature): a plain box that gives
 * a point in Pocitos stands in for the map picker, as the form only sees `onChange`.
 */
function AddressBox({ fieldId, value, onChange, addressError, addressRef }: AddressSlotProps) {
  return (
    <>
      <label htmlFor={fieldId}>Dirección</label>
      <input
        id={fieldId}
        ref={addressRef}
        value={value.address}
        aria-invalid={addressError ? true : undefined}
        onChange={(event) =>
          onChange({ address: event.target.value, position: { latitude: -34.91, longitude: -56.15 } })
        }
      />
    </>
  );
}

function renderForm(onSave: (input: unknown) => Promise<unknown>) {
  render(
    <BeneficiaryForm
      cityId={36}
      cityName="Montevideo"
      editing={null}
      renderAddressPicker={(props) => <AddressBox {...props} />}
      onSave={onSave}
      onCancel={vi.fn()}
    />,
  );
}

describe('BeneficiaryForm', () => {
  it('says Campo requerido under the empty boxes and shakes the button for a moment, saving nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async () => {});
    renderForm(onSave);
    const save = screen.getByRole('button', { name: 'Guardar dirección' });
    await user.click(save);
    await waitFor(() => expect(save.className).toContain('shake'));
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Campo requerido').length).toBeGreaterThan(0);
    await waitFor(() => expect(save.className).not.toContain('shake'), { timeout: SHAKE_MS * 5 });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('masks the phones as typed, keeps the values when the save fails, and saves them on the next try', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi
      .fn(async (_input: unknown) => {})
      .mockRejectedValueOnce(new ApiError(503, { detail: 'Servicio no disponible' }));
    renderForm(onSave);
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Pérez');
    await user.type(screen.getByLabelText('Celular'), '091123456');
    expect(screen.getByLabelText('Celular')).toHaveProperty('value', '(091) 123456');
    await user.type(screen.getByLabelText('Teléfono fijo (opcional)'), '26221234');
    expect(screen.getByLabelText('Teléfono fijo (opcional)')).toHaveProperty('value', '(2622) 1234');
    await user.selectOptions(screen.getByLabelText('Tipo de residencia'), 'Casa');
    await user.type(screen.getByLabelText('Dirección'), 'Av. Brasil 2500');
    await user.type(screen.getByLabelText('Indicaciones para el repartidor'), 'Portón azul, timbre 2');

    // Spec §8: a failed create only resets the flags: no message, the values stay, the button works again.
    const save = screen.getByRole('button', { name: 'Guardar dirección' });
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    expect(screen.queryByText(/Servicio no disponible|algo sali[oó] mal/i)).toBeNull();
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Ana');
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0]).toMatchObject({
      first_name: 'Ana',
      last_name: 'Pérez',
      residency: 'house',
      address_line1: 'Av. Brasil 2500',
      city_id: 36,
      delivery_notes: 'Portón azul, timbre 2',
    });
  });

  it('puts a 400’s field message under its box', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async () => {
      throw new ApiError(400, { mobile_number: ['Escribe un celular uruguayo, como (099) 123456.'] });
    });
    renderForm(onSave);
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Pérez');
    await user.type(screen.getByLabelText('Celular'), '091123456');
    await user.selectOptions(screen.getByLabelText('Tipo de residencia'), 'Casa');
    await user.type(screen.getByLabelText('Dirección'), 'Av. Brasil 2500');
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(await screen.findByText('Escribe un celular uruguayo, como (099) 123456.')).toBeTruthy();
    expect(screen.getByLabelText('Celular').getAttribute('aria-invalid')).toBe('true');
  });
});
