import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SecurityPanel } from './security-panel.tsx';

const SECRET = 'MEZU6M4AKRQXGZLUMVZXI2LOM5SXIZLT';

vi.mock('./second-factor.api.ts', async (original) => ({
  ...(await original<typeof import('./second-factor.api.ts')>()),
  secondFactorStatusQueryOptions: () => ({
    queryKey: ['second-factor'],
    queryFn: async () => ({ enabled: false, required: true, recovery_codes_left: 0 }),
  }),
  startEnrollment: async () => ({ secret: SECRET, otpauth_uri: `otpauth://totp/Mandado?secret=${SECRET}` }),
}));

describe('SecurityPanel', () => {
  it('shows the new key in groups of four and copies it without spaces; the code has a form of its own', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SecurityPanel loginHref="/login" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Activar' }));
    const key = await screen.findByText('MEZU 6M4A KRQX GZLU MVZX I2LO M5SX IZLT');
    // The code form holds only the code and its button: the key and the link sit above it, on their own rows.
    const form = screen.getByLabelText('Código de la app').closest('form');
    expect(form?.contains(key)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Copiar la clave' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
  });
});
