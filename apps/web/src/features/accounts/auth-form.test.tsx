import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../state/app-store.ts';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import type { AuthStage } from './auth-form.schemas.ts';
import { AuthForm } from './auth-form.tsx';
import { readReferrer, saveReferrer } from './referrer.ts';

const ANONYMOUS = { 'GET /v1/whoami/': { status: 200, body: { whoami: null } } };

function Form({ stage: initial, referralToken = '' }: { stage: AuthStage; referralToken?: string }) {
  const [stage, setStage] = useState(initial);
  return <AuthForm stage={stage} onStageChange={setStage} referralToken={referralToken} />;
}

describe('AuthForm: e-mail and login stages', () => {
  it('says what is wrong with the e-mail before asking the server, then moves on to the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      ...ANONYMOUS,
      'GET /v1/users/exists/lucia%40example.com': { status: 200, body: { exists: true } },
    });
    renderWithApp(<Form stage="email" />);
    const next = screen.getByRole('button', { name: 'Siguiente' });
    await user.click(next);
    expect(await screen.findByText('Ingresa tu correo')).toBeTruthy();
    const email = screen.getByLabelText('Correo electrónico');
    await user.type(email, 'lucia@');
    await user.click(next);
    expect(await screen.findByText('Correo electrónico inválido')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Correo electrónico inválido').id);
    expect(calls.filter((call) => call.path.startsWith('/v1/users/'))).toHaveLength(0);

    await user.type(email, 'EXAMPLE.com');
    // Spec §5: e-mails show in lowercase as typed.
    expect(email).toHaveProperty('value', 'lucia@example.com');
    await user.click(next);
    const password = await screen.findByLabelText('Contraseña');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Ingresa tu contraseña')).toBeTruthy();
  });

  it('keeps what was typed when the server refuses the password, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      ...ANONYMOUS,
      'POST /v1/login/': { status: 400, body: { non_field_errors: [ACCOUNT_MESSAGES.invalidCredentials] } },
    });
    renderWithApp(<Form stage="login" />);
    await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@example.com');
    const password = screen.getByLabelText('Contraseña');
    await user.type(password, 'no-es-esta-clave');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const alert = await within(screen.getByRole('region', { name: 'Avisos' })).findByRole('alert');
    expect(alert.textContent).toContain('Algo salió mal');
    expect(alert.textContent).toContain('Correo electrónico o contraseña incorrectos.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveProperty('value', 'lucia@example.com');
    expect(password).toHaveProperty('value', 'no-es-esta-clave');
    // The toggle shows what was typed.
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});

describe('AuthForm: registration', () => {
  it('requires every field and the terms before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi(ANONYMOUS);
    renderWithApp(<Form stage="register" referralToken="abc" />);
    expect(screen.getByText(/^Llegaste con una invitación/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(5));
    expect(screen.getByText('Debes aceptar los términos y condiciones del servicio.')).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('formats the phone as typed with the browser’s country, and keeps every value when the invitation is refused', async () => {
    const user = userEvent.setup({ delay: null });
    // The phone's country follows the browser's languages, as the E2E browser's es-UY.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-UY', 'es']);
    const sent: unknown[] = [];
    stubApi({
      ...ANONYMOUS,
      'POST /v1/users/create/': (body) => {
        sent.push(body);
        return { status: 400, body: { referral_token: [ACCOUNT_MESSAGES.invalidReferralToken] } };
      },
    });
    saveReferrer('no-existe-esta-invitacion');
    expect(readReferrer()).toBe('no-existe-esta-invitacion');
    renderWithApp(<Form stage="register" referralToken="no-existe-esta-invitacion" />);
    await user.type(screen.getByLabelText('Correo electrónico'), 'pablo@example.com');
    await user.type(screen.getByLabelText('Nombre'), 'Pablo');
    await user.type(screen.getByLabelText('Apellido'), 'Rodríguez');
    expect(screen.getByLabelText('País del teléfono')).toHaveProperty('value', 'UY');
    await user.type(screen.getByLabelText('Número de teléfono'), '091234567');
    expect(screen.getByLabelText('Número de teléfono')).toHaveProperty('value', '091 234 567');
    await user.type(screen.getByLabelText('Crea una contraseña'), 'una-clave-larga');
    await user.click(screen.getByLabelText('Acepto los términos y condiciones del servicio'));
    await user.click(screen.getByLabelText('Acepto la política de privacidad'));
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    const toasts = within(screen.getByRole('region', { name: 'Avisos' }));
    expect(await toasts.findByText('El enlace de invitación no es válido.')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ referral_token: 'no-existe-esta-invitacion' })]);
    // The invitation is dropped; everything typed stays for the second try.
    expect(screen.queryByText(/^Llegaste con una invitación/)).toBeNull();
    expect(readReferrer()).toBe('');
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Pablo');
    expect(screen.getByLabelText('Número de teléfono')).toHaveProperty('value', '091 234 567');
  });

  it("starts the phone's country on the visitor's country, the currency's, over the browser's (issue 30)", async () => {
    const user = userEvent.setup({ delay: null });
    // A payer in Spain whose browser still says es-UY: the country the app detected wins.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-UY', 'es']);
    useAppStore.setState({ countryCode: 'ES' });
    try {
      stubApi(ANONYMOUS);
      renderWithApp(<Form stage="register" />);
      expect(screen.getByLabelText('País del teléfono')).toHaveProperty('value', 'ES');
      await user.type(screen.getByLabelText('Número de teléfono'), '612345678');
      expect(screen.getByLabelText('Número de teléfono')).toHaveProperty('value', '612 34 56 78');
    } finally {
      useAppStore.setState({ countryCode: null });
    }
  });
});
