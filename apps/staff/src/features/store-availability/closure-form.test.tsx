import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClosureForm } from './closure-form.tsx';
import type { ClosureInput } from './closure-form-values.ts';

// 'Cierre programado', the closure half of the store's pause and closure settings.

async function fill(user: ReturnType<typeof userEvent.setup>, from: string, to: string, note = '') {
  await user.type(screen.getByLabelText('Día de inicio'), from);
  await user.type(screen.getByLabelText('Día de fin'), to);
  if (note) await user.type(screen.getByLabelText('Nota'), note);
}

describe('ClosureForm', () => {
  it('labels each box and refuses an end before the start or an empty day before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async (_closure: ClosureInput | null) => {});
    render(<ClosureForm saved={null} onSave={onSave} />);
    expect(screen.getByRole('group', { name: 'Desde' })).toBeTruthy();
    expect(screen.getByLabelText('Hora de inicio')).toHaveProperty('value', '00:00');
    expect(screen.getByLabelText('Hora de fin')).toHaveProperty('value', '23:59');
    expect(screen.queryByRole('button', { name: 'Quitar cierre' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar cierre' }));
    expect((await screen.findAllByText(STAFF_MESSAGES.invalidDate)).length).toBeGreaterThan(0);
    await fill(user, '2026-12-26', '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Guardar cierre' }));
    expect(await screen.findByText(STAFF_MESSAGES.closureEndsBeforeStart)).toBeTruthy();
    expect(screen.getByLabelText('Día de fin').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under Hasta and keeps the boxes, then saves on Montevideo’s clock', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi
      .fn(async (_closure: ClosureInput | null) => {})
      .mockRejectedValueOnce(new ApiError(400, { closure: [SERVER_MESSAGES.closureInPast] }));
    render(<ClosureForm saved={null} onSave={onSave} />);
    await fill(user, '2026-12-24', '2026-12-25', 'Feriado');
    await user.click(screen.getByRole('button', { name: 'Guardar cierre' }));
    expect(await screen.findByText(SERVER_MESSAGES.closureInPast)).toBeTruthy();
    expect(screen.getByLabelText('Día de fin').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Día de inicio')).toHaveProperty('value', '2026-12-24');
    expect(screen.getByLabelText('Nota')).toHaveProperty('value', 'Feriado');

    await user.click(screen.getByRole('button', { name: 'Guardar cierre' }));
    expect(onSave).toHaveBeenCalledTimes(2);
    // Montevideo is UTC−3: 00:00 there is 03:00 UTC, 23:59 is 02:59 UTC the next day.
    expect(onSave.mock.calls[1]?.[0]).toEqual({
      from: '2026-12-24T03:00:00.000Z',
      to: '2026-12-26T02:59:00.000Z',
      note: 'Feriado',
    });
  });

  it('removes a saved closure, and says a refused removal above the buttons', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi
      .fn(async (_closure: ClosureInput | null) => {})
      .mockRejectedValueOnce(new ApiError(403, { detail: SERVER_MESSAGES.forbidden }));
    const saved = { from: '2026-12-24T03:00:00.000Z', to: '2026-12-26T02:59:00.000Z', note: 'Feriado' };
    render(<ClosureForm saved={saved} onSave={onSave} />);
    expect(screen.getByLabelText('Día de inicio')).toHaveProperty('value', '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Quitar cierre' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_MESSAGES.forbidden);
    await user.click(screen.getByRole('button', { name: 'Quitar cierre' }));
    expect(onSave.mock.calls).toEqual([[null], [null]]);
  });
});
