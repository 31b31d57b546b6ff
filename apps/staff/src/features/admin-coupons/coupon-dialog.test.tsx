import { ADMIN_COUPONS_MESSAGES, type AdminCoupon } from '@mandado/shared/admin-coupons.schemas';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CouponDialog } from './coupon-dialog.tsx';

function aCoupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id: 12,
    code: 'VERANO10',
    type: 'discount_percentage',
    value: '10.00',
    minimum_purchase: '20.00',
    valid_from: null,
    valid_until: null,
    max_uses_total: 100,
    max_uses_per_user: 1,
    uses_count: 0,
    created_at: '2026-11-01T12:00:00Z',
    ...overrides,
  };
}

function renderDialog(coupon: AdminCoupon | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<CouponDialog coupon={coupon} onSaved={onSaved} onClose={onClose} />);
  const dialog = within(
    screen.getByRole('dialog', { name: coupon ? `Editar ${coupon.code}` : 'Nuevo cupón' }),
  );
  return { dialog, onSaved, onClose };
}

describe('CouponDialog', () => {
  it('labels each box and names the value after the type', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({});
    const { dialog } = renderDialog(null);
    for (const label of [
      'Código',
      'Compra mínima (US$)',
      'Válido desde',
      'Válido hasta',
      'Límite de usos total',
    ]) {
      expect(dialog.getByLabelText(label, { exact: false })).toBeTruthy();
    }
    expect(dialog.getByLabelText('Porcentaje de descuento', { exact: false })).toBeTruthy();
    await user.click(dialog.getByLabelText('Monto fijo (US$)'));
    expect(dialog.getByLabelText('Descuento en US$', { exact: false })).toBeTruthy();
    expect(dialog.getByLabelText('Límite por persona', { exact: false })).toHaveProperty('value', '1');
  });

  it('shows each refused field under its box and keeps what was typed, then creates with the typed body', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const { calls } = stubApi({
      'POST /v1/admin/coupons/': () => {
        answers += 1;
        return answers === 1
          ? {
              status: 400,
              body: {
                code: [ADMIN_COUPONS_MESSAGES.codeTaken],
                value: [ADMIN_COUPONS_MESSAGES.percentTooHigh],
              },
            }
          : { status: 201, body: aCoupon({ code: 'MATE15', value: '15.00' }) };
      },
    });
    const { dialog, onSaved } = renderDialog(null);
    await user.type(dialog.getByLabelText('Código', { exact: false }), 'MATE15');
    await user.type(dialog.getByLabelText('Porcentaje de descuento', { exact: false }), '150');
    await user.click(dialog.getByRole('button', { name: 'Crear cupón' }));
    expect(await dialog.findByText(ADMIN_COUPONS_MESSAGES.codeTaken)).toBeTruthy();
    expect(dialog.getByText(ADMIN_COUPONS_MESSAGES.percentTooHigh)).toBeTruthy();
    const value = dialog.getByLabelText('Porcentaje de descuento', { exact: false });
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(value).toHaveProperty('value', '150');
    expect(dialog.getByLabelText('Código', { exact: false })).toHaveProperty('value', 'MATE15');
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(value);
    await user.type(value, '15');
    await user.click(dialog.getByRole('button', { name: 'Crear cupón' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/v1/admin/coupons/').at(-1)?.body,
    ).toEqual({
      code: 'MATE15',
      type: 'discount_percentage',
      value: '15',
      minimum_purchase: '0',
      valid_from: null,
      valid_until: null,
      max_uses_total: null,
      max_uses_per_user: 1,
    });
  });

  it('locks a used coupon’s type and value, and says a refused change above the buttons', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'PUT /v1/admin/coupons/12/': { status: 409, body: { detail: ADMIN_COUPONS_MESSAGES.usedTermsLocked } },
    });
    const { dialog, onSaved } = renderDialog(aCoupon({ uses_count: 3 }));
    // A disabled fieldset disables its radios (the browser's rule; the radios' own property stays false).
    expect(dialog.getByRole('group', { name: 'Tipo' })).toHaveProperty('disabled', true);
    const value = dialog.getByLabelText('Porcentaje de descuento', { exact: false });
    expect(value).toHaveProperty('readOnly', true);
    expect(dialog.getByText('Ya se usó: el tipo y el valor quedan como están.')).toBeTruthy();
    await user.clear(dialog.getByLabelText('Límite de usos total', { exact: false }));
    await user.type(dialog.getByLabelText('Límite de usos total', { exact: false }), '50');
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(ADMIN_COUPONS_MESSAGES.usedTermsLocked);
    expect(dialog.getByLabelText('Límite de usos total', { exact: false })).toHaveProperty('value', '50');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
