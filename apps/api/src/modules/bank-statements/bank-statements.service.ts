import { createHash } from 'node:crypto';
import {
  ADMIN_PAYMENTS_MESSAGES,
  type BankStatementImport,
  type BankStatementSummary,
  bankStatementProblemText,
} from '@mandado/shared/admin-payments.schemas';
import {
  matchBankRow,
  orderNumbersIn,
  type PayableGroup,
  parseBankStatement,
} from '@mandado/shared/bank-statement';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { settleManualPaymentFlow } from '../../flows/settle-manual-payment.flow.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ordersPaid } from '../observability/metrics.ts';
import { getCheckoutSettings } from '../orders/checkout-settings.ts';
import type { OrdersContext } from '../orders/orders-context.ts';
import {
  groupsForStatementByIds,
  groupsForStatementByNumbers,
  type StatementGroupRow,
} from '../orders/payment-queue.service.ts';
import { presentImport, presentImportSummary } from './bank-statements.presenter.ts';
import {
  type BankStatementImportRow,
  claimConfirmation,
  findImport,
  insertImport,
  listImportRows,
  listRecentImports,
  type NewBankStatementRow,
  setRowOutcome,
} from './bank-statements.repository.ts';

const RECENT_IMPORTS = 20;
const MANUAL_METHODS = new Set(['bank_transfer', 'cash_deposit']);

function payableOf(group: StatementGroupRow): PayableGroup {
  return {
    id: group.id,
    number: group.number,
    total: parseMoney(group.total),
    currency: group.currency,
    payable:
      group.status === 'confirmed' &&
      group.paymentStatus === 'pending' &&
      MANUAL_METHODS.has(group.paymentMethod),
    paid: group.paymentStatus !== 'pending',
  };
}

/** The import as the screen shows it: its rows with the numbers of the orders they matched. */
async function importAnswer(
  db: Database,
  summary: BankStatementImportRow,
  duplicate: boolean,
): Promise<BankStatementImport> {
  const rows = await listImportRows(db, summary.id);
  const ids = [...new Set(rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId])))];
  const groups = await groupsForStatementByIds(db, ids);
  return presentImport(summary, rows, new Map(groups.map((group) => [group.id, group.number])), duplicate);
}

/**
 * `POST /v1/admin/bank-statements/` (payment:mark-paid): reads the CSV, matches each row on the order number
 * in its description AND the exact amount, stores the import with its rows, and answers the preview. Nothing
 * is paid yet. The same file again (same SHA-256) answers the earlier import and stores nothing.
 */
export async function importBankStatement(
  db: Database,
  actor: Actor | null,
  input: { file_name: string; text: string },
): Promise<BankStatementImport> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  const parsed = parseBankStatement(input.text);
  if (!parsed.ok) throw new HttpError(400, { detail: bankStatementProblemText(parsed.problem) });
  const sha256 = createHash('sha256').update(input.text, 'utf8').digest('hex');
  const earlier = await findImport(db, { sha256 });
  if (earlier) return importAnswer(db, earlier, true);

  const numbers = [
    ...new Set(parsed.lines.flatMap((line) => orderNumbersIn(`${line.description} ${line.reference}`))),
  ];
  const groups = await groupsForStatementByNumbers(db, numbers);
  const byNumber = new Map(groups.map((group) => [group.number, payableOf(group)]));
  const claimed = new Set<number>();
  const rows: NewBankStatementRow[] = parsed.lines.map((line) => {
    const match = matchBankRow(line, byNumber, claimed);
    return {
      rowNumber: line.rowNumber,
      bookedOn: line.bookedOn,
      description: line.description,
      amount: formatMinorAsDecimal(line.amount),
      currency: line.currency || 'USD',
      reference: line.reference,
      outcome: match.outcome,
      groupId: match.groupId,
      note: match.note,
    };
  });
  const importId = await db.transaction(async (tx) => {
    const id = await insertImport(
      tx,
      { fileSha256: sha256, fileName: input.file_name, createdBy: operator.userId },
      rows,
    );
    if (id === undefined) return undefined;
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'bank_statement.import',
      subject: `bank_statement:${id}`,
      detail: {
        file_name: input.file_name,
        sha256,
        rows: rows.length,
        matched: rows.filter((row) => row.outcome === 'matched').length,
      },
    });
    return id;
  });
  // Undefined: the same file was uploaded by someone else in the meantime; theirs is the import.
  const stored = await findImport(db, importId === undefined ? { sha256 } : { id: importId });
  if (!stored) throw notFound(ADMIN_PAYMENTS_MESSAGES.statementNotFound);
  return importAnswer(db, stored, importId === undefined);
}

/**
 * `POST /v1/admin/bank-statements/:id/confirm/` (payment:mark-paid): every matched row's order is marked paid
 * in ONE transaction, each through the same code as 'Marcar pagado' (e-mails, store notices, history, audit),
 * with the row's reference (or its description) as the payment's. A compare-and-set on confirmed_at lets one
 * confirmation through; a second (a double tap, another operator) pays nothing and answers the import as it is.
 */
export async function confirmBankStatement(
  ctx: OrdersContext,
  actor: Actor | null,
  importId: number,
): Promise<BankStatementImport> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  const found = await findImport(ctx.db, { id: importId });
  if (!found) throw notFound(ADMIN_PAYMENTS_MESSAGES.statementNotFound);
  const settings = await getCheckoutSettings(ctx.db);
  const paidAt = ctx.now();
  const paidCount = await ctx.db.transaction(async (tx) => {
    if (!(await claimConfirmation(tx, importId, operator.userId, paidAt))) return null;
    const matched = await listImportRows(tx, importId, 'matched');
    // Four eyes on money (issue 19), as 'Marcar pagado': a row paying the confirming operator's own order is
    // left for someone else on the team, who marks it paid by hand.
    const matchedIds = matched.flatMap((row) => (row.groupId === null ? [] : [row.groupId]));
    const own = new Set(
      (await groupsForStatementByIds(tx, matchedIds))
        .filter((group) => group.remitterId === operator.userId)
        .map((group) => group.id),
    );
    let paid = 0;
    for (const row of matched) {
      if (row.groupId === null) continue;
      if (own.has(row.groupId)) {
        await setRowOutcome(tx, row.id, 'unmatched', SERVER_MESSAGES.ownOrderMoney);
        continue;
      }
      const reference = (row.reference || row.description).replace(/\s+/g, ' ').trim().slice(0, 120);
      const applied = await settleManualPaymentFlow(tx, ctx, operator, {
        groupId: row.groupId,
        reference: reference || `Extracto ${importId}, fila ${row.rowNumber}`,
        paidAt,
        settings,
        via: { bankStatementImportId: importId },
      });
      if (applied) {
        paid += 1;
        await setRowOutcome(tx, row.id, 'paid', '');
        continue;
      }
      // Paid by hand, expired or cancelled since the preview: say which, pay nothing.
      const [group] = await groupsForStatementByIds(tx, [row.groupId]);
      if (group && group.paymentStatus !== 'pending') {
        await setRowOutcome(tx, row.id, 'already_paid', 'Ese pedido ya estaba pagado.');
      } else {
        await setRowOutcome(tx, row.id, 'unmatched', `${group?.number ?? 'El pedido'} ya no espera un pago.`);
      }
    }
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'bank_statement.confirm',
      subject: `bank_statement:${importId}`,
      detail: { matched: matched.length, paid },
    });
    return paid;
  });
  if (paidCount !== null && paidCount > 0) {
    // A statement's rows are transfers or deposits; counted together, after the commit.
    ordersPaid.inc({ payment_method: 'bank_statement' }, paidCount);
    ctx.kickMailWorker();
    ctx.kickPushWorker?.();
  }
  const current = await findImport(ctx.db, { id: importId });
  if (!current) throw notFound(ADMIN_PAYMENTS_MESSAGES.statementNotFound);
  return importAnswer(ctx.db, current, false);
}

/** `GET /v1/admin/bank-statements/`: the latest imports, newest first. */
export async function listBankStatements(db: Database, actor: Actor | null): Promise<BankStatementSummary[]> {
  requirePermission(actor, 'admin:read');
  return (await listRecentImports(db, RECENT_IMPORTS)).map(presentImportSummary);
}

/** `GET /v1/admin/bank-statements/:id/`. */
export async function getBankStatement(
  db: Database,
  actor: Actor | null,
  importId: number,
): Promise<BankStatementImport> {
  requirePermission(actor, 'admin:read');
  const found = await findImport(db, { id: importId });
  if (!found) throw notFound(ADMIN_PAYMENTS_MESSAGES.statementNotFound);
  return importAnswer(db, found, false);
}
