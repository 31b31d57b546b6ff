import { z } from 'zod';
import { userSchema } from './account.schemas.ts';
import { beneficiarySchema } from './beneficiary.schemas.ts';
import { orderGroupSchema } from './checkout.schemas.ts';
import { walletSchema } from './wallet.schemas.ts';

/**
 * `GET /v1/users/my-data/` (issue 32, Ley 18.331 art. 14): what the shop keeps about the session's remitter,
 * each part in the shape of its own screen's answer. `/v1/users/my-data.csv` is the same, one value per row.
 */
export const personalDataExportSchema = z.object({
  generated_at: z.string(),
  account: userSchema,
  consents: z.array(z.object({ kind: z.string(), version: z.string(), accepted_at: z.string() })),
  beneficiaries: z.array(beneficiarySchema),
  orders: z.array(orderGroupSchema),
  wallet: walletSchema,
  messages: z.object({
    emails: z.array(
      z.object({
        subject: z.string(),
        text: z.string(),
        status: z.string(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
      }),
    ),
    /** WhatsApp and SMS messages about the orders (issue 29), without the numbers' other owners' data. */
    order_messages: z.array(
      z.object({
        order: z.string().nullable(),
        kind: z.string(),
        to: z.string(),
        channel: z.string().nullable(),
        status: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** `POST /v1/users/delete-account/` (issue 32): the password again, as a confirmation that it is the owner. */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: 'Escribe tu contraseña.' })
    .min(1, 'Escribe tu contraseña.')
    .max(1024, 'Escribe tu contraseña.'),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
