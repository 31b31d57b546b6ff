import type { StoreTeam } from '@mandado/shared/store-members.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

type Member = StoreTeam['members'][number];

function aMember(overrides: Partial<Member> = {}): Member {
  return {
    user_id: 4,
    name: 'Lucía Gómez',
    email: 'lucia@example.com',
    role: 'staff',
    you: false,
    ...overrides,
  };
}

function renderDialog(member: Member, onRemove = vi.fn(async () => {})) {
  const onClose = vi.fn();
  render(
    <RemoveMemberDialog member={member} storeName="Almacén Centro" onRemove={onRemove} onClose={onClose} />,
  );
  return { onRemove, onClose };
}

describe('RemoveMemberDialog', () => {
  it('asks before removing someone, names them, and removes nobody on Cancelar', async () => {
    const user = userEvent.setup({ delay: null });
    const { onRemove, onClose } = renderDialog(aMember());
    const dialog = within(screen.getByRole('dialog', { name: '¿Quitar a Lucía Gómez de Almacén Centro?' }));
    expect(dialog.getByText(/Lucía Gómez \(lucia@example\.com\) dejará de ver los pedidos/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('says Salir when it is you', () => {
    renderDialog(aMember({ you: true }));
    const dialog = within(screen.getByRole('dialog', { name: '¿Salir de Almacén Centro?' }));
    expect(dialog.getByRole('button', { name: 'Salir' })).toBeTruthy();
  });

  it('stays open with the server’s reason when the last owner cannot go, and removes on Quitar', async () => {
    const user = userEvent.setup({ delay: null });
    const onRemove = vi
      .fn(async () => {})
      .mockRejectedValueOnce(new ApiError(409, { detail: 'La tienda necesita al menos un dueño.' }));
    const { onClose } = renderDialog(aMember({ role: 'owner' }), onRemove);
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Quitar' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('La tienda necesita al menos un dueño.');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Quitar' }));
    expect(onRemove).toHaveBeenCalledTimes(2);
  });
});
