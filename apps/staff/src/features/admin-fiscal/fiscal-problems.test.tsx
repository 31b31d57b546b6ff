import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { FiscalProblems } from './fiscal-problems.tsx';

const FAILED = {
  id: 41,
  kind: 'sale',
  kind_label: 'e-Ticket del comercio',
  issuer: 'store',
  status: 'failed',
  store: { id: 3, name: 'Almacén La Esquina' },
  store_order_number: 'MV-1024-1',
  week_start: null,
  attempts: 1,
  reason: 'El proveedor lo rechazó: RUT del emisor no habilitado',
  created_at: '2026-11-27T15:00:00.000Z',
};
const HELD = {
  ...FAILED,
  id: 42,
  kind: 'commission',
  kind_label: 'e-Factura de comisión (Mandado)',
  issuer: 'mandado',
  status: 'held',
  store_order_number: null,
  week_start: '2026-11-16',
  reason: 'Retenido: falta el RUT de Mandado (CFE_MANDADO_RUT).',
};

function whoami(group: string) {
  return {
    status: 200,
    body: { whoami: { roles: ['operator'], store_ids: [], operator_group: group }, settings: {} },
  };
}

// Decision 078: the back office's list of fiscal documents with problems and its 'Reintentar'.
describe('FiscalProblems', () => {
  it('shows the reason in Spanish and the RUT warning, and retries a failed one', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'GET /v1/whoami/': whoami('pagos'),
      'GET /v1/admin/fiscal-documents/problems/': {
        status: 200,
        body: { results: [FAILED, HELD], failed: 1, held: 1, warning: 'Mandado no tiene RUT configurado' },
      },
      'POST /v1/admin/fiscal-documents/41/retry/': { status: 200, body: { id: 41, status: 'pending' } },
    });
    renderWithApp(<FiscalProblems />);
    expect(await screen.findByText(FAILED.reason)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Mandado no tiene RUT configurado');
    expect(screen.getByText('Semana del 2026-11-16')).toBeTruthy();
    // Only the failed one can be retried; a held one goes out when the RUT is set.
    const buttons = await screen.findAllByRole('button', { name: /^Reintentar/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const toasts = within(screen.getByRole('region', { name: 'Avisos' }));
    expect(await toasts.findByText('Lo enviamos de nuevo en el próximo minuto.')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/v1/admin/fiscal-documents/41/retry/'),
    ).toBe(true);
  });

  it('offers no retry to support', async () => {
    stubApi({
      'GET /v1/whoami/': whoami('soporte'),
      'GET /v1/admin/fiscal-documents/problems/': {
        status: 200,
        body: { results: [FAILED], failed: 1, held: 0, warning: null },
      },
    });
    renderWithApp(<FiscalProblems />);
    expect(await screen.findByText(FAILED.reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reintentar/ })).toBeNull();
  });
});
