import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { normalizeRut } from './rut.ts';
import { normalizeCi } from './uy-ci.ts';
import { singleLineText } from './validation-rules.ts';

/**
 * The bank account a store is paid into (issue 31, decision 068): bank, account number, holder and the
 * holder's RUT or CI. Its owner sets it in /comercio/tienda; statements name it, masked.
 */

/**
 * Banks operating in Uruguay (BCU's list of banks). `digits` is the account number's length where the bank
 * publishes one fixed format (BROU's 14-digit accounts since its 2020 migration, Itaú's 7, HSBC's 10);
 * elsewhere any 5 to 14 digits, the sane rule for formats we could not confirm.
 */
export const PAYOUT_BANKS = {
  brou: { name: 'BROU', digits: [14] },
  itau: { name: 'Itaú', digits: [7] },
  santander: { name: 'Santander', digits: null },
  bbva: { name: 'BBVA', digits: null },
  scotiabank: { name: 'Scotiabank', digits: null },
  hsbc: { name: 'HSBC', digits: [10] },
  heritage: { name: 'Heritage', digits: null },
  bandes: { name: 'Bandes', digits: null },
  bhu: { name: 'BHU', digits: null },
  citibank: { name: 'Citibank', digits: null },
  nacion: { name: 'Banco de la Nación Argentina', digits: null },
} as const satisfies Record<string, { name: string; digits: readonly number[] | null }>;
export type PayoutBank = keyof typeof PAYOUT_BANKS;
export const PAYOUT_BANK_CODES = Object.keys(PAYOUT_BANKS) as [PayoutBank, ...PayoutBank[]];

export const PAYOUT_MESSAGES = {
  bank: 'Elige el banco.',
  accountNumber: 'Escribe el número de cuenta, solo con dígitos (de 5 a 14).',
  accountDigits: (bank: string, digits: number) => `Las cuentas de ${bank} tienen ${digits} dígitos.`,
  holderDocument: 'Escribe un RUT de 12 dígitos o una cédula válidos.',
  saved: 'Guardamos la cuenta de cobro.',
} as const;

const ANY_DIGITS = /^\d{5,14}$/;

/** The account number's digits (spaces, dots and dashes as printed are dropped), or the reason it is refused. */
export function checkAccountNumber(
  bank: PayoutBank,
  raw: string,
): { ok: true; digits: string } | { ok: false; reason: string } {
  const digits = raw.replace(/[\s.\-/]/g, '');
  if (!ANY_DIGITS.test(digits)) return { ok: false, reason: PAYOUT_MESSAGES.accountNumber };
  const lengths: readonly number[] | null = PAYOUT_BANKS[bank].digits;
  if (lengths && !lengths.includes(digits.length)) {
    return { ok: false, reason: PAYOUT_MESSAGES.accountDigits(PAYOUT_BANKS[bank].name, lengths[0] ?? 0) };
  }
  return { ok: true, digits };
}

/** A RUT (12 digits) or a CI (7–8 digits), normalised to its digits; null when it is neither. */
export function normalizeHolderDocument(raw: string): { kind: 'rut' | 'ci'; digits: string } | null {
  const rut = normalizeRut(raw);
  if (rut) return { kind: 'rut', digits: rut };
  const ci = normalizeCi(raw);
  return ci ? { kind: 'ci', digits: ci } : null;
}

/** '•••• 1234': the last four digits only, for every screen, e-mail and statement. */
export function maskAccountNumber(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}

/** PUT /v1/merchant/stores/:id/payout-account/ (owners only). */
export const payoutAccountInputSchema = z
  .object({
    bank: z.enum(PAYOUT_BANK_CODES, { error: PAYOUT_MESSAGES.bank }),
    account_number: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(40),
    holder_name: singleLineText(
      z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(120, MESSAGES.tooLong(120)),
    ),
    holder_document: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(30),
  })
  .transform((input, context) => {
    const account = checkAccountNumber(input.bank, input.account_number);
    if (!account.ok) context.addIssue({ code: 'custom', path: ['account_number'], message: account.reason });
    const document = normalizeHolderDocument(input.holder_document);
    if (!document) {
      context.addIssue({
        code: 'custom',
        path: ['holder_document'],
        message: PAYOUT_MESSAGES.holderDocument,
      });
    }
    if (!account.ok || !document) return z.NEVER;
    return {
      bank: input.bank,
      accountNumber: account.digits,
      holderName: input.holder_name,
      holderDocument: document.digits,
      holderDocumentKind: document.kind,
    };
  });
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccountValues = z.output<typeof payoutAccountInputSchema>;

/** The account as every screen shows it: never the whole number. */
export const payoutAccountViewSchema = z.object({
  bank: z.enum(PAYOUT_BANK_CODES),
  bank_name: z.string(),
  account_masked: z.string(),
  holder_name: z.string(),
  holder_document_kind: z.enum(['rut', 'ci']),
  holder_document_masked: z.string(),
  updated: z.string(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;
export const payoutAccountAnswerSchema = z.object({ account: payoutAccountViewSchema.nullable() });

/** 'BROU •••• 1234': how a statement names the account. */
export function payoutAccountLabel(bank: PayoutBank, accountNumber: string): string {
  return `${PAYOUT_BANKS[bank].name} ${maskAccountNumber(accountNumber)}`;
}
