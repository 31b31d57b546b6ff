import type { AdminOperatorGrant } from '@mandado/shared/admin-people.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OperatorGrants } from './operator-grants.tsx';

const GRANT: AdminOperatorGrant = {
  id: 7,
  user_id: 42,
  name: 'Carla Núñez',
  email: 'carla@example.com',
  current_group: null,
  group: 'pagos',
  requested_by: 'Martín Pérez',
  requested: '2026-11-27T12:00:00Z',
  can_approve: false,
};

vi.mock('../../lib/use-operator.ts', () => ({
  useOperator: () => ({ roles: ['operator'], storeIds: [], operatorGroup: 'administracion' }),
}));

vi.mock('./admin-people.api.ts', async (original) => ({
  ...(await original<typeof import('./admin-people.api.ts')>()),
  operatorGrantsQueryOptions: () => ({
    queryKey: ['operator-grants'],
    queryFn: async () => ({ results: [GRANT] }),
  }),
}));

describe('OperatorGrants', () => {
  it('says who must approve after describing the request, not among the buttons on the name’s row', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OperatorGrants />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const item = within(await screen.findByRole('list', { name: 'Grupos por aprobar' })).getByRole(
      'listitem',
    );
    const description = within(item).getByText(/operador de Pagos · pedido por Martín Pérez/);
    const note = within(item).getByText('Otra persona de administración debe aprobarlo.');
    // The card's buttons sit on the name's row (they follow the name); the note reads right after the request.
    expect(description.nextElementSibling).toBe(note);
    expect(within(item).getByRole('button', { name: 'Rechazar' }).parentElement?.contains(note)).toBe(false);
  });
});
