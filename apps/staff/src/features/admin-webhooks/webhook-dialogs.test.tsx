import {
  ADMIN_WEBHOOKS_MESSAGES as TEXT,
  type WebhookEndpointWithSecret,
} from '@mandado/shared/admin-webhooks.schemas';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewEndpointDialog, RotateSecretDialog } from './webhook-dialogs.tsx';

const created: WebhookEndpointWithSecret = {
  id: 3,
  url: 'https://socio.example/webhooks',
  events: ['order.paid', 'refund.succeeded'],
  disabled: false,
  created_at: '2026-11-27T12:00:00Z',
  previous_secret_until: null,
  pending_count: 0,
  failed_count: 0,
  secret: 'whsec_abc123',
};

function renderDialog() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(<NewEndpointDialog onCreated={onCreated} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: TEXT.newEndpoint }));
  return { dialog, onCreated, onClose };
}

describe('NewEndpointDialog', () => {
  it('asks for at least one event before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    const { dialog } = renderDialog();
    expect(dialog.getByLabelText(TEXT.url, { exact: false })).toBeTruthy();
    const paid = dialog.getByLabelText(/Pedido pagado/);
    expect(paid).toHaveProperty('checked', true);
    await user.click(paid);
    await user.click(dialog.getByRole('button', { name: TEXT.create }));
    expect(dialog.getByRole('alert').textContent).toBe(TEXT.eventsRequired);
    expect(calls.filter((call) => call.path === '/v1/admin/webhooks/')).toEqual([]);
  });

  it('shows the server’s reason under the URL and keeps it, then creates and shows the secret once', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      'POST /v1/admin/webhooks/': () => {
        answers += 1;
        return answers === 1
          ? { status: 400, body: { url: [TEXT.urlNotHttps] } }
          : { status: 201, body: created };
      },
    });
    const { dialog, onCreated } = renderDialog();
    const url = dialog.getByLabelText(TEXT.url, { exact: false });
    await user.type(url, 'http://socio.example/webhooks');
    await user.click(dialog.getByRole('button', { name: TEXT.create }));
    expect(await dialog.findByText(TEXT.urlNotHttps)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url).toHaveProperty('value', 'http://socio.example/webhooks');
    expect(onCreated).not.toHaveBeenCalled();

    await user.clear(url);
    await user.type(url, '  https://socio.example/webhooks ');
    await user.click(dialog.getByLabelText(/Devolución hecha|refund\.succeeded/));
    await user.click(dialog.getByRole('button', { name: TEXT.create }));
    expect(await dialog.findByText('whsec_abc123')).toBeTruthy();
    expect(dialog.getByRole('status').textContent).toBe(TEXT.secretOnce);
    expect(onCreated).toHaveBeenCalledWith(created);
    expect(calls.filter((call) => call.path === '/v1/admin/webhooks/').at(-1)?.body).toEqual({
      url: 'https://socio.example/webhooks',
      events: ['order.paid', 'refund.succeeded'],
    });
  });
});

describe('RotateSecretDialog', () => {
  const endpoint = { ...created, secret: undefined };

  it('asks first, keeps the old secret on a refusal and shows the server’s reason, then shows the new one once', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      'POST /v1/admin/webhooks/3/rotate-secret/': () => {
        answers += 1;
        return answers === 1
          ? { status: 409, body: { detail: 'El punto de entrega está desactivado.' } }
          : { status: 200, body: { ...created, secret: 'whsec_new456' } };
      },
    });
    const onRotated = vi.fn();
    const onClose = vi.fn();
    render(<RotateSecretDialog endpoint={endpoint} onRotated={onRotated} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: TEXT.rotate }));
    expect(dialog.getByText(TEXT.rotateConfirm)).toBeTruthy();
    expect(dialog.getByText('https://socio.example/webhooks')).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('rotate-secret'))).toEqual([]);

    await user.click(dialog.getByRole('button', { name: TEXT.rotate }));
    expect(await dialog.findByText('El punto de entrega está desactivado.')).toBeTruthy();
    expect(dialog.queryByText('whsec_new456')).toBeNull();
    expect(onRotated).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: TEXT.rotate }));
    expect(await dialog.findByText('whsec_new456')).toBeTruthy();
    expect(dialog.getByRole('status').textContent).toBe(TEXT.secretOnce);
    expect(onRotated).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.path.includes('rotate-secret'))).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes nothing when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    const onClose = vi.fn();
    render(<RotateSecretDialog endpoint={endpoint} onRotated={vi.fn()} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: TEXT.rotate }));
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });
});
