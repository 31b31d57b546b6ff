import {
  BANK_ROW_OUTCOMES,
  type BankRowOutcomeValue,
  type BankStatementImport,
  type BankStatementSummary,
} from '@mandado/shared/admin-payments.schemas';
import type { BankStatementImportRow, BankStatementRowRow } from './bank-statements.repository.ts';

export function presentImportSummary(row: BankStatementImportRow): BankStatementSummary {
  return {
    id: row.id,
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByEmail,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    confirmed_by: row.confirmedByEmail,
    counts: {
      matched: row.matched,
      unmatched: row.unmatched,
      ambiguous: row.ambiguous,
      already_paid: row.alreadyPaid,
      paid: row.paid,
    },
  };
}

function outcomeOf(value: string): BankRowOutcomeValue {
  return (BANK_ROW_OUTCOMES as readonly string[]).includes(value)
    ? (value as BankRowOutcomeValue)
    : 'unmatched';
}

export function presentImport(
  summary: BankStatementImportRow,
  rows: readonly BankStatementRowRow[],
  numbers: ReadonlyMap<number, string>,
  duplicate: boolean,
): BankStatementImport {
  return {
    ...presentImportSummary(summary),
    duplicate,
    rows: rows.map((row) => ({
      row_number: row.rowNumber,
      booked_on: row.bookedOn,
      description: row.description,
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      outcome: outcomeOf(row.outcome),
      order_number: row.groupId === null ? null : (numbers.get(row.groupId) ?? null),
      note: row.note,
    })),
  };
}
