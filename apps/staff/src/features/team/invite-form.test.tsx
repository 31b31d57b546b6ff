import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InviteForm } from './invite-form.tsx';

const INVITATIONS = 'POST /v1/merchant/stores/5/invitations/';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InviteForm storeId={5} />
    </QueryClientProvider>,
  );
  return {
    email: screen.getByLabelText(/Correo electrónico/),
    send: screen.getByRole('button', { name: 'Enviar invitación' }),
  };
}

describe('InviteForm', () => {
  it('checks the e-mail before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    const { email, send } = renderForm();
    await user.type(email, 'lucia@');
    await user.click(send);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a member already in the team under the e-mail and keeps it, then sends with the chosen role and empties the box', async () => {
    const user = userEvent.setup({ delay: null });
    const already = 'Esa persona ya es parte del equipo de esta tienda.';
    let answers = 0;
    const { calls } = stubApi({
      [INVITATIONS]: () => {
        answers += 1;
        return answers === 1 ? { status: 409, body: { detail: already } } : { status: 204 };
      },
      'GET /v1/merchant/stores/5/team/': { status: 200, body: { members: [], invitations: [] } },
    });
    const { email, send } = renderForm();
    await user.type(email, 'lucia@example.com');
    await user.click(screen.getByRole('radio', { name: 'Dueño' }));
    await user.click(send);
    expect(await screen.findByText(already)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email).toHaveProperty('value', 'lucia@example.com');

    await user.clear(email);
    await user.type(email, 'carla@example.com');
    await user.click(send);
    await waitFor(() => expect(email).toHaveProperty('value', ''));
    expect(screen.getByRole('radio', { name: 'Dueño' })).toHaveProperty('checked', true);
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/invitations/'))).toEqual([
      {
        method: 'POST',
        path: '/v1/merchant/stores/5/invitations/',
        body: { email: 'lucia@example.com', role: 'owner' },
      },
      {
        method: 'POST',
        path: '/v1/merchant/stores/5/invitations/',
        body: { email: 'carla@example.com', role: 'owner' },
      },
    ]);
  });
});
