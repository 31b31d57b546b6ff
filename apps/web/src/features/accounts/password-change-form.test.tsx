import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

describe('PasswordChangeForm', () => {
  it('checks both boxes before sending, tells a wrong current password under its box, then clears on success', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    stubApi({
      'POST /v1/users/change-password/': () => {
        answers += 1;
        return answers === 1
          ? { status: 400, body: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] } }
          : { status: 200, body: { detail: 'Cerramos tu sesión en los demás dispositivos.' } };
      },
    });
    renderWithApp(<PasswordChangeForm />);
    const form = within(screen.getByRole('region', { name: 'Cambiar contraseña' }));
    const send = form.getByRole('button', { name: 'Cambiar contraseña' });
    await user.click(send);
    expect(await form.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeTruthy();
    await user.type(form.getByLabelText('Nueva contraseña'), 'corta');
    await user.click(send);
    expect(await form.findByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(answers).toBe(0);

    await user.type(form.getByLabelText('Contraseña actual'), 'no-es-esta-1234');
    await user.clear(form.getByLabelText('Nueva contraseña'));
    await user.type(form.getByLabelText('Nueva contraseña'), 'mate-amargo-en-la-rambla');
    await user.click(send);
    expect(await form.findByText('La contraseña actual no es correcta.')).toBeTruthy();
    expect(form.getByLabelText('Contraseña actual').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByLabelText('Nueva contraseña')).toHaveProperty('value', 'mate-amargo-en-la-rambla');

    await user.clear(form.getByLabelText('Contraseña actual'));
    await user.type(form.getByLabelText('Contraseña actual'), 'la-de-verdad-1234');
    await user.click(send);
    const toasts = within(screen.getByRole('region', { name: 'Avisos' }));
    expect(await toasts.findByText('Contraseña actualizada')).toBeTruthy();
    await waitFor(() => expect(form.getByLabelText('Contraseña actual')).toHaveProperty('value', ''));
  });
});
