import type { ReturnDecision, ReturnRequest } from '@mandado/shared/returns-schemas';
import type { Actor } from '../authorization.ts';
import type { Database } from '../db/database.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import {
  applyReturnMove,
  lockReturnForOperator,
  lockReturnOfStore,
  newCourierToken,
  presentRows,
  RETURN_PHOTO_PATHS,
  readReturn,
  tellRequester,
} from '../modules/returns/returns.service.ts';
import type { ReturnFlowDeps } from './request-return.flow.ts';

/**
 * The store's answer to a return (decision 076), and an operator's overrule of a refusal: one transaction
 * holding the return's row — the compare-and-set move and its history row, the reverse pickup's courier link
 * on acceptance, the audit row, the remitter's e-mail through the outbox.
 */

async function presentForStaff(
  db: Database,
  returnId: number,
  publicUrl: string,
  reader: 'store' | 'operator',
): Promise<ReturnRequest> {
  const [presented] = await presentRows(db, [await readReturn(db, returnId)], {
    side: 'staff',
    publicUrl,
    photoPath: RETURN_PHOTO_PATHS[reader],
  });
  if (!presented) throw new Error(`return ${returnId} not presented`);
  return presented;
}

/** `POST /v1/merchant/stores/:id/returns/:returnId/decision/`: accept, or refuse saying why. */
export async function decideReturnFlow(
  db: Database,
  actor: Actor | null,
  storeId: number,
  returnId: number,
  input: ReturnDecision,
  deps: Pick<ReturnFlowDeps, 'publicUrl' | 'kickMailWorker'>,
): Promise<ReturnRequest> {
  await db.transaction(async (tx) => {
    const { member, row } = await lockReturnOfStore(tx, actor, storeId, returnId);
    const reason = input.reason?.trim() ?? '';
    if (input.accept) {
      await applyReturnMove(tx, row, {
        to: 'accepted',
        actor: 'merchant',
        userId: member.userId,
        reason,
        changes: { courierToken: newCourierToken() },
      });
    } else {
      await applyReturnMove(tx, row, {
        to: 'refused',
        actor: 'merchant',
        userId: member.userId,
        reason,
        changes: { refusalReason: reason },
      });
    }
    await recordAudit(tx, member, {
      storeId,
      action: input.accept ? 'return.accepted' : 'return.refused',
      subject: `return:${returnId}`,
      detail: {
        store_order: row.storeOrderNumber,
        before: { status: row.status },
        after: { status: input.accept ? 'accepted' : 'refused' },
        ...(reason ? { reason } : {}),
      },
    });
    await tellRequester(tx, await readReturn(tx, returnId), input.accept ? 'accepted' : 'refused', deps);
  });
  deps.kickMailWorker();
  return presentForStaff(db, returnId, deps.publicUrl, 'store');
}

/** `POST /v1/admin/returns/:id/overrule/` (returns:manage): a refusal becomes an acceptance, with a reason. */
export async function overruleReturnFlow(
  db: Database,
  actor: Actor | null,
  returnId: number,
  reason: string,
  deps: Pick<ReturnFlowDeps, 'publicUrl' | 'kickMailWorker'>,
): Promise<ReturnRequest> {
  await db.transaction(async (tx) => {
    const { operator, row } = await lockReturnForOperator(tx, actor, returnId);
    await applyReturnMove(tx, row, {
      to: 'accepted',
      actor: 'operator',
      userId: operator.userId,
      reason,
      changes: { overruleReason: reason, courierToken: newCourierToken() },
    });
    await recordAudit(tx, operator, {
      storeId: row.storeId,
      action: 'return.overruled',
      subject: `return:${returnId}`,
      detail: {
        store_order: row.storeOrderNumber,
        before: { status: row.status, refusal_reason: row.refusalReason },
        after: { status: 'accepted' },
        reason,
      },
      actorRole: 'operator',
    });
    await tellRequester(tx, await readReturn(tx, returnId), 'overruled', deps);
  });
  deps.kickMailWorker();
  return presentForStaff(db, returnId, deps.publicUrl, 'operator');
}
