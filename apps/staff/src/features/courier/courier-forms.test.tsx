import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CourierAttemptForm } from './courier-attempt-form.tsx';
import { CourierDeliverForm } from './courier-deliver-form.tsx';

describe('CourierDeliverForm', () => {
  it('requires the name and a 4-digit code before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const onDeliver = vi.fn(async () => {});
    render(<CourierDeliverForm codeTriesLeft={5} onDeliver={onDeliver} onCancel={vi.fn()} />);
    const form = within(screen.getByRole('form', { name: 'Registrar la entrega' }));
    expect(form.getByText(/Intentos que quedan: 5\.$/)).toBeTruthy();
    await user.type(form.getByLabelText('Código de entrega'), '12');
    await user.click(form.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await form.findByText('Campo requerido')).toBeTruthy();
    expect(form.getByText(COURIER_MESSAGES.codeFormat)).toBeTruthy();
    expect(form.getByLabelText('Nombre de quien recibe').getAttribute('aria-invalid')).toBe('true');
    expect(onDeliver).not.toHaveBeenCalled();
  });

  it('puts a wrong code under the code box and keeps the name, then sends the corrected code', async () => {
    const user = userEvent.setup({ delay: null });
    const onDeliver = vi
      .fn(async () => {})
      .mockRejectedValueOnce(new ApiError(400, { detail: COURIER_MESSAGES.wrongCode(4) }));
    render(<CourierDeliverForm codeTriesLeft={5} onDeliver={onDeliver} onCancel={vi.fn()} />);
    const form = within(screen.getByRole('form', { name: 'Registrar la entrega' }));
    await user.type(form.getByLabelText('Nombre de quien recibe'), 'Inés Rodríguez');
    const code = form.getByLabelText('Código de entrega');
    await user.type(code, '1111');
    await user.click(form.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await form.findByText('El código no es correcto. Te quedan 4 intentos.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(form.getByLabelText('Nombre de quien recibe')).toHaveProperty('value', 'Inés Rodríguez');

    await user.clear(code);
    await user.type(code, '4321');
    await user.click(form.getByRole('button', { name: 'Confirmar entrega' }));
    await waitFor(() => expect(onDeliver).toHaveBeenCalledTimes(2));
    expect(onDeliver).toHaveBeenLastCalledWith({
      recipient_name: 'Inés Rodríguez',
      code: '4321',
      photo: null,
    });
  });
});

describe('CourierAttemptForm', () => {
  it('asks for a note only when the reason is Otro, and warns on the last attempt', async () => {
    const user = userEvent.setup({ delay: null });
    const onRecord = vi.fn(async () => {});
    render(<CourierAttemptForm attemptsSoFar={1} onRecord={onRecord} onCancel={vi.fn()} />);
    const form = within(screen.getByRole('form', { name: 'No pude entregar' }));
    expect(form.getByText(/Es el segundo intento/)).toBeTruthy();
    expect(form.getByLabelText('Nota (opcional)')).toBeTruthy();
    await user.click(form.getByLabelText('Otro'));
    const note = form.getByLabelText('Cuenta qué pasó');
    await user.click(form.getByRole('button', { name: 'Registrar el intento' }));
    expect(await form.findByText(COURIER_MESSAGES.noteRequired)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(onRecord).not.toHaveBeenCalled();

    await user.type(note, 'Portón cerrado con candado');
    await user.click(form.getByRole('button', { name: 'Registrar el intento' }));
    await waitFor(() =>
      expect(onRecord).toHaveBeenCalledWith({ reason: 'other', note: 'Portón cerrado con candado' }),
    );
  });

  it('shows the server’s refusal of the note under it, keeping the text', async () => {
    const user = userEvent.setup({ delay: null });
    const onRecord = vi
      .fn(async () => {})
      .mockRejectedValueOnce(new ApiError(400, { note: [COURIER_MESSAGES.noteWithLink] }));
    render(<CourierAttemptForm attemptsSoFar={0} onRecord={onRecord} onCancel={vi.fn()} />);
    const form = within(screen.getByRole('form', { name: 'No pude entregar' }));
    expect(form.getByText(/Puedes volver a intentarlo después/)).toBeTruthy();
    await user.type(form.getByLabelText('Nota (opcional)'), 'Llamar al 099');
    await user.click(form.getByRole('button', { name: 'Registrar el intento' }));
    expect(await form.findByText(COURIER_MESSAGES.noteWithLink)).toBeTruthy();
    expect(form.getByLabelText('Nota (opcional)')).toHaveProperty('value', 'Llamar al 099');
    expect(onRecord).toHaveBeenCalledWith({ reason: 'nobody_home', note: 'Llamar al 099' });
  });
});
