import { ADMIN_PEOPLE_MESSAGES, type AdminWallet } from '@mandado/shared/admin-people.schemas';
import { ADMIN_STORES_MESSAGES } from '@mandado/shared/admin-stores.schemas';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WalletAdjustDialog } from './wallet-adjust-dialog.tsx';

const wallet: AdminWallet = { balance: '7.50', entries: [] };

function renderDialog() {
  const onDone = vi.fn(async (_wallet: AdminWallet) => {});
  const onClose = vi.fn();
  render(<WalletAdjustDialog userId={41} balance="10.00" onDone={onDone} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Ajustar saldo' }));
  return { dialog, onDone, onClose };
}

describe('WalletAdjustDialog', () => {
  it('asks for an amount and a reason before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    const { dialog, onDone } = renderDialog();
    expect(dialog.getByText(/Saldo actual: US\$ 10/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Monto en dólares', { exact: false }), '0');
    await user.click(dialog.getByRole('button', { name: 'Ajustar saldo' }));
    expect(await dialog.findByText(ADMIN_PEOPLE_MESSAGES.amountInvalid)).toBeTruthy();
    expect(dialog.getByText(ADMIN_STORES_MESSAGES.reasonRequired)).toBeTruthy();
    expect(dialog.getByLabelText('Monto en dólares', { exact: false }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(calls).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says a debit below zero above the buttons and keeps the values; a retry sends the same key', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const keys: (string | null)[] = [];
    const { calls } = stubApi({
      'POST /v1/admin/people/41/wallet/adjustments/': () => {
        answers += 1;
        return answers === 1
          ? { status: 409, body: { detail: ADMIN_PEOPLE_MESSAGES.walletShort } }
          : { status: 201, body: wallet };
      },
    });
    const fetchStub = globalThis.fetch as unknown as {
      mock: { calls: [unknown, RequestInit | undefined][] };
    };
    const { dialog, onDone } = renderDialog();
    await user.type(dialog.getByLabelText('Monto en dólares', { exact: false }), '-12,50');
    await user.type(dialog.getByLabelText('Motivo', { exact: false }), 'Cobro duplicado');
    await user.click(dialog.getByRole('button', { name: 'Ajustar saldo' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(ADMIN_PEOPLE_MESSAGES.walletShort);
    expect(dialog.getByLabelText('Monto en dólares', { exact: false })).toHaveProperty('value', '-12,50');
    expect(dialog.getByLabelText('Motivo', { exact: false })).toHaveProperty('value', 'Cobro duplicado');
    expect(onDone).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText('Monto en dólares', { exact: false }));
    await user.type(dialog.getByLabelText('Monto en dólares', { exact: false }), '-2,50');
    await user.click(dialog.getByRole('button', { name: 'Ajustar saldo' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(wallet));
    const adjustments = calls.filter((call) => call.path === '/v1/admin/people/41/wallet/adjustments/');
    expect(adjustments.map((call) => call.body)).toEqual([
      { amount: '-12,50', reason: 'Cobro duplicado' },
      { amount: '-2,50', reason: 'Cobro duplicado' },
    ]);
    for (const [input, init] of fetchStub.mock.calls) {
      if (String(input).endsWith('/wallet/adjustments/'))
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
