import {
  FISCAL_DOCUMENT_KIND_LABELS,
  FISCAL_MESSAGES,
  type FiscalProblemList,
} from '@mandado/shared/fiscal-documents.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countProblemDocuments,
  documentStatus,
  listProblemDocuments,
  retryFailedDocument,
} from './invoicing.repository.ts';

const LISTED = 200;

/**
 * The provider's own words out of what the job recorded ("CFE provider answered 422: {"error": "…"}"): its
 * JSON's `error`, `mensaje`, `message` or `detail`, else the text after the status. Providers in Uruguay answer
 * in Spanish; our own internal reasons are put in Spanish here.
 */
export function fiscalProblemReason(status: string, lastError: string | null, attempts: number): string {
  if (status === 'held') return FISCAL_MESSAGES.heldReason;
  const text = lastError ?? '';
  const answered = /^CFE provider answered (\d{3}): ([\s\S]*)$/.exec(text);
  if (answered) {
    const [, code = '', body = ''] = answered;
    let words = body.trim();
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const found = ['error', 'mensaje', 'message', 'detail']
        .map((key) => parsed[key])
        .find((value) => typeof value === 'string' && value.trim() !== '');
      if (typeof found === 'string') words = found.trim();
    } catch {
      // Not JSON: the body's text as it came.
    }
    const said = words.slice(0, 300) || `error ${code}`;
    return Number(code) >= 500 || code === '408' || code === '429'
      ? `${FISCAL_MESSAGES.exhausted(attempts)}: ${said}`
      : FISCAL_MESSAGES.refused(said);
  }
  if (text.includes('no valid RUT')) return FISCAL_MESSAGES.issuerWithoutRut;
  if (text.includes('it corrects is not issued')) return FISCAL_MESSAGES.creditWaits;
  return FISCAL_MESSAGES.exhausted(attempts);
}

/** `GET /v1/admin/fiscal-documents/problems/` (decision 078): failed and held documents, newest first. */
export async function listFiscalProblems(db: Database, actor: Actor | null): Promise<FiscalProblemList> {
  requirePermission(actor, 'admin:read');
  const [rows, counts] = await Promise.all([listProblemDocuments(db, LISTED), countProblemDocuments(db)]);
  return {
    results: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      kind_label: FISCAL_DOCUMENT_KIND_LABELS[row.kind] ?? row.kind,
      issuer: row.issuer === 'store' ? 'store' : 'mandado',
      status: row.status === 'held' ? 'held' : 'failed',
      store: { id: row.storeId, name: row.storeName },
      store_order_number: row.storeOrderNumber,
      week_start: row.weekStart,
      attempts: row.attempts,
      reason: fiscalProblemReason(row.status, row.lastError, row.attempts),
      created_at: row.createdAt.toISOString(),
    })),
    failed: counts.failed,
    held: counts.held,
    warning: counts.held > 0 ? FISCAL_MESSAGES.mandadoRutMissing(counts.held) : null,
  };
}

/** The dashboard's count (decision 078): documents an operator must look at. */
export async function countFiscalProblems(db: Database): Promise<number> {
  const counts = await countProblemDocuments(db);
  return counts.failed + counts.held;
}

/**
 * 'Reintentar' (decision 078): a failed document back to pending with its attempts from zero, audited in the
 * same transaction; the invoicing job sends it on its next pass (every minute). 409 when it is not failed.
 */
export async function retryFiscalDocument(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<{ id: number; status: 'pending' }> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  return db.transaction(async (tx) => {
    const row = await retryFailedDocument(tx, id);
    if (!row) {
      const status = await documentStatus(tx, id);
      throw status === null ? notFound() : new HttpError(409, { detail: FISCAL_MESSAGES.notFailed });
    }
    await recordAudit(tx, operator, {
      storeId: row.storeId,
      action: 'fiscal_document.retried',
      subject: `fiscal_document:${row.id}`,
      detail: { kind: row.kind, last_error: row.lastError?.slice(0, 300) ?? null },
    });
    return { id: row.id, status: 'pending' as const };
  });
}
