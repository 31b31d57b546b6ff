import { CSV_ENCODING_MESSAGES } from '@mandado/shared/csv-encoding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { uploadBankStatement } from './admin-payments.api.ts';
import { StatementImport } from './statement-import.tsx';

vi.mock('./admin-payments.api.ts', async (original) => ({
  ...(await original<typeof import('./admin-payments.api.ts')>()),
  uploadBankStatement: vi.fn(async () => {
    throw new Error('not needed');
  }),
}));

/** The statement a Uruguayan bank's web banking exports from a Spanish Windows: Windows-1252, not UTF-8. */
function latin1(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    if (code > 0xff) throw new Error(`not Latin-1: ${character}`);
    return code;
  });
}

async function upload(bytes: Uint8Array<ArrayBuffer>) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatementImport />
    </QueryClientProvider>,
  );
  const file = new File([bytes], 'extracto.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Archivo CSV del extracto'), file);
}

describe('StatementImport', () => {
  it('sends a Latin-1 statement as the text it says, not mojibake', async () => {
    const statement = 'Fecha;Descripción;Importe\n27/11/2026;Transferencia Pérez Ñandú MV-10234;18,00\n';
    await upload(latin1(statement));
    expect(vi.mocked(uploadBankStatement)).toHaveBeenCalledWith('extracto.csv', statement);
  });

  it('refuses a UTF-16 file with the reason, sending nothing', async () => {
    vi.mocked(uploadBankStatement).mockClear();
    await upload(Uint8Array.from([0xff, 0xfe, 0x46, 0x00]));
    expect(await screen.findByText(CSV_ENCODING_MESSAGES.utf16)).toBeTruthy();
    expect(vi.mocked(uploadBankStatement)).not.toHaveBeenCalled();
  });
});
