import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { StoreReturnsPage } from './store-returns.page.tsx';

const STORE: MerchantStore = {
  id: 7,
  name: 'Tienda Ropa Centro',
  status: 'approved',
  city: 'Montevideo',
  member_role: 'owner',
};

function aReturn(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 31,
    orderNumber: 'MV-1024',
    storeOrderNumber: 'MV-1024-1',
    storeName: STORE.name,
    status: 'requested',
    statusText: 'Solicitada',
    requestedBy: 'remitter',
    reason: 'La talla no le queda.',
    photoUrl: null,
    refundTo: 'card',
    lines: [{ lineId: 11, name: 'Remera de algodón', quantity: 1, unitPriceText: '$U 890,00' }],
    refusalReason: null,
    overruleReason: null,
    pickupCode: null,
    courierLink: null,
    refundText: null,
    createdAt: '2026-12-01T13:00:00.000Z',
    deadline: '2026-12-08T03:00:00.000Z',
    ...overrides,
  };
}

describe('refusing a return (the store)', () => {
  it('asks for a reason of 10 characters, keeps it and shows the server reason on a refusal, closes on Escape, then refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const decisions: unknown[] = [];
    let current = aReturn();
    stubApi({
      'GET /v1/merchant/stores/7/returns/': () => ({ status: 200, body: { items: [current] } }),
      'POST /v1/merchant/stores/7/returns/31/decision/': (body) => {
        decisions.push(body);
        if (decisions.length === 1)
          return {
            status: 409,
            body: { detail: 'La devolución cambió mientras tanto: vuelve a cargarla.' },
          };
        current = aReturn({
          status: 'refused',
          statusText: 'Rechazada',
          refusalReason: 'La prenda fue usada y lavada.',
        });
        return { status: 200, body: current };
      },
    });
    renderWithApp(
      <MemoryRouter>
        <StoreReturnsPage store={STORE} />
      </MemoryRouter>,
    );
    const refuse = await screen.findByRole('button', { name: /^Rechazar la devolución de MV-1024-1/ });
    await user.click(refuse);
    let dialog = within(screen.getByRole('dialog', { name: 'Rechazar la devolución' }));
    const confirm = dialog.getByRole('button', { name: 'Rechazar la devolución' });

    await user.type(dialog.getByLabelText(/¿Por qué no la aceptas\?/), 'Usada');
    await user.click(confirm);
    expect(dialog.getByText('Explica el motivo (al menos 10 caracteres).')).toBeTruthy();
    expect(decisions).toHaveLength(0);

    const box = dialog.getByLabelText(/¿Por qué no la aceptas\?/);
    await user.clear(box);
    await user.type(box, 'La prenda fue usada y lavada.');
    await user.click(confirm);
    expect((await dialog.findByRole('alert')).textContent).toContain('La devolución cambió mientras tanto');
    expect(box).toHaveProperty('value', 'La prenda fue usada y lavada.');
    expect(decisions).toEqual([{ accept: false, reason: 'La prenda fue usada y lavada.' }]);

    // A real browser turns Escape on a modal <dialog> into `cancel` (E2E presses the key itself).
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(refuse);
    dialog = within(screen.getByRole('dialog', { name: 'Rechazar la devolución' }));
    await user.type(dialog.getByLabelText(/¿Por qué no la aceptas\?/), 'La prenda fue usada y lavada.');
    await user.click(dialog.getByRole('button', { name: 'Rechazar la devolución' }));
    expect(await screen.findByText('Rechazada')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('La prenda fue usada y lavada.')).toBeTruthy();
    expect(decisions).toHaveLength(2);
  });
});
