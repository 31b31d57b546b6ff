import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { bankStatementImports, bankStatementRows } from '../../db/schema/back-office.ts';

export type BankStatementRowRow = typeof bankStatementRows.$inferSelect;
export type NewBankStatementRow = Omit<typeof bankStatementRows.$inferInsert, 'id' | 'importId'>;

export interface BankStatementImportRow {
  id: number;
  fileName: string;
  createdAt: Date;
  createdByEmail: string | null;
  confirmedAt: Date | null;
  confirmedByEmail: string | null;
  matched: number;
  unmatched: number;
  ambiguous: number;
  alreadyPaid: number;
  paid: number;
}

const creator = alias(users, 'creator');
const confirmer = alias(users, 'confirmer');

/** An import with who made and confirmed it and its rows counted by outcome (one query for any number). */
function importSummaries(db: DatabaseOrTransaction) {
  const count = (outcome: string) =>
    sql<number>`(select count(*) from ${bankStatementRows} r where r.import_id = ${bankStatementImports.id} and r.outcome = ${outcome})::int`;
  return db
    .select({
      id: bankStatementImports.id,
      fileName: bankStatementImports.fileName,
      createdAt: bankStatementImports.createdAt,
      createdByEmail: creator.email,
      confirmedAt: bankStatementImports.confirmedAt,
      confirmedByEmail: confirmer.email,
      matched: count('matched'),
      unmatched: count('unmatched'),
      ambiguous: count('ambiguous'),
      alreadyPaid: count('already_paid'),
      paid: count('paid'),
    })
    .from(bankStatementImports)
    .leftJoin(creator, eq(creator.id, bankStatementImports.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, bankStatementImports.confirmedBy));
}

export async function listRecentImports(
  db: DatabaseOrTransaction,
  limit: number,
): Promise<BankStatementImportRow[]> {
  return importSummaries(db)
    .orderBy(desc(bankStatementImports.createdAt), desc(bankStatementImports.id))
    .limit(limit);
}

export async function findImport(
  db: DatabaseOrTransaction,
  where: { id: number } | { sha256: string },
): Promise<BankStatementImportRow | undefined> {
  const [row] = await importSummaries(db).where(
    'id' in where ? eq(bankStatementImports.id, where.id) : eq(bankStatementImports.fileSha256, where.sha256),
  );
  return row;
}

export async function listImportRows(
  db: DatabaseOrTransaction,
  importId: number,
  outcome?: 'matched',
): Promise<BankStatementRowRow[]> {
  return db
    .select()
    .from(bankStatementRows)
    .where(
      and(
        eq(bankStatementRows.importId, importId),
        outcome ? eq(bankStatementRows.outcome, outcome) : undefined,
      ),
    )
    .orderBy(asc(bankStatementRows.rowNumber));
}

/**
 * The import and its rows; undefined when a file with the same SHA-256 is there already (the unique key: two
 * uploads of one file at once leave one import).
 */
export async function insertImport(
  tx: DatabaseOrTransaction,
  values: { fileSha256: string; fileName: string; createdBy: number },
  rows: readonly NewBankStatementRow[],
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(bankStatementImports)
    .values(values)
    .onConflictDoNothing({ target: bankStatementImports.fileSha256 })
    .returning({ id: bankStatementImports.id });
  if (!inserted) return undefined;
  // A few hundred rows a statement: batches keep each statement's parameters well under PostgreSQL's limit.
  for (let start = 0; start < rows.length; start += 500) {
    await tx
      .insert(bankStatementRows)
      .values(rows.slice(start, start + 500).map((row) => ({ ...row, importId: inserted.id })));
  }
  return inserted.id;
}

/** The confirmation's compare-and-set: true for the one caller that set confirmed_at. */
export async function claimConfirmation(
  tx: DatabaseOrTransaction,
  importId: number,
  userId: number,
  at: Date,
): Promise<boolean> {
  const claimed = await tx
    .update(bankStatementImports)
    .set({ confirmedAt: at, confirmedBy: userId })
    .where(and(eq(bankStatementImports.id, importId), isNull(bankStatementImports.confirmedAt)))
    .returning({ id: bankStatementImports.id });
  return claimed.length > 0;
}

export async function setRowOutcome(
  tx: DatabaseOrTransaction,
  rowId: number,
  outcome: 'paid' | 'already_paid' | 'unmatched',
  note: string,
): Promise<void> {
  await tx.update(bankStatementRows).set({ outcome, note }).where(eq(bankStatementRows.id, rowId));
}
