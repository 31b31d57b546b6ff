import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReplyDialog } from './reply-dialog.tsx';

function renderDialog(onSend = vi.fn(async (_body: string) => {})) {
  const onClose = vi.fn();
  render(
    <ReplyDialog title="No llegó el pedido" email="ana@example.com" onSend={onSend} onClose={onClose} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Responder: No llegó el pedido' }));
  return { dialog, onSend, onClose };
}

describe('ReplyDialog', () => {
  it('says where the answer goes and asks for it before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onSend } = renderDialog();
    expect(dialog.getByText('ana@example.com')).toBeTruthy();
    await user.type(dialog.getByLabelText('Respuesta'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));
    expect(dialog.getByRole('alert').textContent).toBe('Escribe la respuesta antes de enviarla.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the answer and says the server’s reason when the send is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn(async (_body: string) => {
      throw new ApiError(409, { detail: 'Este mensaje ya está resuelto.' });
    });
    const { dialog } = renderDialog(onSend);
    await user.type(dialog.getByLabelText('Respuesta'), 'Hola Ana, ya lo revisamos.');
    await user.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Este mensaje ya está resuelto.');
    expect(dialog.getByLabelText('Respuesta')).toHaveProperty('value', 'Hola Ana, ya lo revisamos.');
    expect(dialog.getByRole('button', { name: 'Enviar respuesta' })).toHaveProperty('disabled', false);
  });

  it('sends the answer as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onSend } = renderDialog();
    await user.type(dialog.getByLabelText('Respuesta'), 'Hola Ana, sale mañana.');
    await user.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));
    expect(onSend.mock.calls).toEqual([['Hola Ana, sale mañana.']]);
  });
});
