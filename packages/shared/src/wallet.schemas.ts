import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

/** `GET /v1/wallet/`: the balance and the append-only movements, newest first. */
export const WALLET_ENTRY_KINDS = ['spent', 'refunded', 'earned', 'reversed', 'adjustment'] as const;
export const WALLET_ENTRY_LABELS: Record<(typeof WALLET_ENTRY_KINDS)[number], string> = {
  spent: 'Usado en una compra',
  refunded: 'Devuelto',
  earned: 'Ganado',
  reversed: 'Anulado',
  adjustment: 'Ajuste',
};
export const walletSchema = z.object({
  balance: decimalString,
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(WALLET_ENTRY_KINDS),
      amount: decimalString,
      order: z.string().nullable(),
      note: z.string(),
      created: z.string(),
    }),
  ),
});
export type Wallet = z.infer<typeof walletSchema>;
