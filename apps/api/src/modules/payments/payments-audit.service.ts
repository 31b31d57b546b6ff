import type { Database } from '../../db/database.ts';
import {
  findCreditOverRefunds,
  findLedgerMismatches,
  findLineOverRefunds,
  findPaidGroupsWithoutCharge,
  findSandboxChargesWithoutPaidGroup,
  findSandboxOverRefunds,
  findSandboxRefundMismatches,
  findStoreOrderOverRefunds,
} from './payments-audit.repository.ts';

export type PaymentFindingKind =
  | 'charge_without_paid_group'
  | 'paid_group_without_charge'
  | 'refund_above_paid'
  | 'refund_mismatch'
  | 'ledger_mismatch';

/** One disagreement between money records: what kind, which record, and the amounts that disagree. */
export interface PaymentFinding {
  kind: PaymentFindingKind;
  subject: string;
  detail: string;
}

/**
 * `npm run audit:payments` (decision 030), read-only: charges without a paid group, paid groups without a
 * charge, refunds above what was paid (card, credit, each store order's and each line's refunds), card refunds we recorded
 * that the sandbox did not make (or made otherwise), and credit balances that differ from their ledger.
 * It sees what the database holds: the sandbox's charges, every group and the ledger. Stripe's and PayPal's
 * charges live at the processor; the sweep lists those.
 */
export async function auditPayments(db: Database): Promise<PaymentFinding[]> {
  const [
    charges,
    groups,
    cardRefunds,
    creditRefunds,
    storeOrderRefunds,
    lineRefunds,
    refundMismatches,
    ledgers,
  ] = await Promise.all([
    findSandboxChargesWithoutPaidGroup(db),
    findPaidGroupsWithoutCharge(db),
    findSandboxOverRefunds(db),
    findCreditOverRefunds(db),
    findStoreOrderOverRefunds(db),
    findLineOverRefunds(db),
    findSandboxRefundMismatches(db),
    findLedgerMismatches(db),
  ]);
  return [
    ...charges.map((row) => ({
      kind: 'charge_without_paid_group' as const,
      subject: row.intent_id,
      detail: `cobro de ${row.amount} (${row.idempotency_key}) sin pedido pagado${row.number ? `: ${row.number}` : ''}`,
    })),
    ...groups.map((row) => ({
      kind: 'paid_group_without_charge' as const,
      subject: row.number,
      detail: `pedido pagado por ${row.total} en ${row.processor} sin cobro (${row.processor_ref ?? 'sin referencia'})`,
    })),
    ...cardRefunds.map((row) => ({
      kind: 'refund_above_paid' as const,
      subject: row.intent_id,
      detail: `reembolso de ${row.refunded_amount} sobre un cobro de ${row.amount}`,
    })),
    ...creditRefunds.map((row) => ({
      kind: 'refund_above_paid' as const,
      subject: `grupo ${row.group_id}`,
      detail: `crédito devuelto ${row.refunded} sobre ${row.spent} usado`,
    })),
    ...storeOrderRefunds.map((row) => ({
      kind: 'refund_above_paid' as const,
      subject: row.number,
      detail: `devoluciones de ${row.refunded} sobre ${row.total} pagado`,
    })),
    ...lineRefunds.map((row) => ({
      kind: 'refund_above_paid' as const,
      subject: `${row.number} línea ${row.line_id}`,
      detail: `devoluciones de ${row.refunded} sobre ${row.paid} pagado por «${row.name}»`,
    })),
    ...refundMismatches.map((row) => ({
      kind: 'refund_mismatch' as const,
      subject: row.number,
      detail: `devoluciones a la tarjeta registradas ${row.recorded}, reembolsado en ${row.intent_id} ${row.processor}`,
    })),
    ...ledgers.map((row) => ({
      kind: 'ledger_mismatch' as const,
      subject: `usuario ${row.user_id}`,
      detail: `saldo ${row.balance}, movimientos ${row.entries}`,
    })),
  ];
}
