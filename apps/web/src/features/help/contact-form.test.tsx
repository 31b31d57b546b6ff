import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { ContactForm } from './contact-form.tsx';

const LABELS = ['Nombre', 'Correo electrónico', 'Teléfono', 'Asunto', 'Comentarios'] as const;

describe('ContactForm', () => {
  it('refuses empty fields without sending, keeps what was typed when the send fails, then sends and clears', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    let answers = 0;
    stubApi({
      'GET /v1/whoami/': { status: 200, body: { whoami: null } },
      'POST /v1/contact-us-email/': (body) => {
        answers += 1;
        if (answers === 1) return { status: 503, body: { detail: 'Servicio en mantenimiento.' } };
        sent.push(body);
        return { status: 200, body: { detail: '' } };
      },
    });
    renderWithApp(<ContactForm />);
    const form = within(screen.getByRole('form', { name: 'Contáctanos' }));
    const send = form.getByRole('button', { name: 'Enviar mensaje' });

    await user.click(send);
    expect(await form.findAllByText('Campo requerido')).toHaveLength(5);
    for (const label of LABELS) expect(form.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(answers).toBe(0);

    await user.type(form.getByLabelText('Nombre'), 'Lucía Pereira');
    await user.type(form.getByLabelText('Correo electrónico'), 'lucia.pereira@example.com');
    await user.type(form.getByLabelText('Teléfono'), '+57 300 123 4567');
    await user.type(form.getByLabelText('Asunto'), 'Consulta');
    await user.type(form.getByLabelText('Comentarios'), '¿Entregan en Ciudad de la Costa?');
    // The first send fails: the reason is shown and what was typed stays for the second try.
    await user.click(send);
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('Algo salió mal');
    expect(alert.textContent).toContain('Servicio en mantenimiento.');
    expect(form.getByLabelText('Asunto')).toHaveProperty('value', 'Consulta');

    await user.click(send);
    expect(await form.findByText('¡Mensaje enviado!')).toBeTruthy();
    expect(sent).toEqual([
      {
        name: 'Lucía Pereira',
        email: 'lucia.pereira@example.com',
        phone: '+57 300 123 4567',
        subject: 'Consulta',
        comments: '¿Entregan en Ciudad de la Costa?',
      },
    ]);
    expect(form.getByLabelText('Asunto')).toHaveProperty('value', '');
    expect(form.getByLabelText('Nombre')).toHaveProperty('value', '');
  });
});
