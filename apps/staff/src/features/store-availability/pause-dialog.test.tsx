import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { PAUSE_MAX_HOURS } from '@mandado/shared/store-availability.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PauseDialog } from './pause-dialog.tsx';

function renderDialog(onPause = vi.fn(async (_until: string) => {})) {
  const onClose = vi.fn();
  render(<PauseDialog onPause={onPause} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: '¿Por cuánto tiempo pausas los pedidos?' }));
  return { dialog, onPause, onClose };
}

describe('PauseDialog', () => {
  it('offers each length, and pauses until thirty minutes from the tap', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onPause } = renderDialog();
    for (const label of ['30 min', '1 h', '2 h', '4 h', 'Hasta mañana a las 9:00']) {
      expect(dialog.getByRole('button', { name: new RegExp(`^${label}`) })).toBeTruthy();
    }
    const before = Date.now();
    await user.click(dialog.getByRole('button', { name: /^30 min/ }));
    const after = Date.now();
    expect(onPause).toHaveBeenCalledTimes(1);
    const until = Date.parse(onPause.mock.calls[0]?.[0] ?? '');
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(until).toBeLessThanOrEqual(after + 30 * 60_000);
  });

  it('keeps the choices open and says the server’s reason when the pause is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const onPause = vi.fn(async (_until: string) => {
      throw new ApiError(400, { paused_until: [SERVER_MESSAGES.pauseTooLong(PAUSE_MAX_HOURS)] });
    });
    const { dialog, onClose } = renderDialog(onPause);
    await user.click(dialog.getByRole('button', { name: /^1 h/ }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      SERVER_MESSAGES.pauseTooLong(PAUSE_MAX_HOURS),
    );
    expect(dialog.getByRole('button', { name: /^2 h/ })).toHaveProperty('disabled', false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
