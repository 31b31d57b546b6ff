import { z } from 'zod';

/**
 * The back office's list of fiscal documents that need an operator (issue 32, decision 078): the ones the CFE
 * provider refused or that kept failing until the retries ran out, and Mandado's documents held while
 * CFE_MANDADO_RUT is unset. Each with the reason in Spanish.
 */
export const FISCAL_DOCUMENT_KIND_LABELS: Record<string, string> = {
  sale: 'e-Ticket del comercio',
  sale_credit_note: 'Nota de crédito del comercio',
  shipping: 'e-Ticket de envío (Mandado)',
  shipping_credit_note: 'Nota de crédito del envío (Mandado)',
  commission: 'e-Factura de comisión (Mandado)',
  commission_credit_note: 'Nota de crédito de la comisión (Mandado)',
};

export const fiscalProblemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  issuer: z.enum(['store', 'mandado']),
  status: z.enum(['failed', 'held']),
  store: z.object({ id: z.number().int(), name: z.string() }),
  store_order_number: z.string().nullable(),
  week_start: z.string().nullable(),
  attempts: z.number().int(),
  /** Why, in Spanish: the provider's own words when it refused. */
  reason: z.string(),
  created_at: z.string(),
});
export type FiscalProblem = z.infer<typeof fiscalProblemSchema>;

export const fiscalProblemListSchema = z.object({
  results: z.array(fiscalProblemSchema),
  failed: z.number().int(),
  held: z.number().int(),
  /** Set while Mandado's documents are held: what an operator must do. */
  warning: z.string().nullable(),
});
export type FiscalProblemList = z.infer<typeof fiscalProblemListSchema>;

export const fiscalRetryResultSchema = z.object({ id: z.number().int(), status: z.literal('pending') });

export const FISCAL_MESSAGES = {
  mandadoRutMissing: (held: number) =>
    `Mandado no tiene RUT configurado (CFE_MANDADO_RUT): ${held === 1 ? 'hay 1 comprobante retenido' : `hay ${held} comprobantes retenidos`}, guardados sin enviar. Se envían solos cuando se configure el RUT.`,
  heldReason: 'Retenido: falta el RUT de Mandado (CFE_MANDADO_RUT).',
  refused: (text: string) => `El proveedor lo rechazó: ${text}`,
  exhausted: (attempts: number) => `No se pudo emitir tras ${attempts} intentos`,
  issuerWithoutRut: 'El emisor no tiene un RUT válido: corrígelo en la ficha del comercio.',
  creditWaits: 'Espera a que se emita el comprobante que corrige.',
  notFailed: 'Este comprobante no está fallido: no hay nada que reintentar.',
} as const;
