import type { StoreSubstitutionWait } from '@mandado/shared/substitution-wait.schemas';
import { type Actor, requirePermission, requireStoreMember, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  readStorePreparation,
  readStoreSubstitutionWait,
  writeStoreSubstitutionWait,
} from '../stores/stores.service.ts';

/** The store's wait for a remitter's answer to a substitute (issue 29, decision 073); any member reads it. */
export async function getSubstitutionWait(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<StoreSubstitutionWait> {
  requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  if (!(await readStorePreparation(db, storeId))) throw notFound();
  return { wait_minutes: (await readStoreSubstitutionWait(db, storeId)).waitMinutes };
}

/** Only owners set it; audited with what it was before. Questions already asked keep their deadline. */
export async function setSubstitutionWait(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: StoreSubstitutionWait,
): Promise<StoreSubstitutionWait> {
  const member = requireStoreOwner(actor, storeId);
  return db.transaction(async (tx) => {
    if (!(await readStorePreparation(tx, storeId))) throw notFound();
    const before = await readStoreSubstitutionWait(tx, storeId);
    await writeStoreSubstitutionWait(tx, storeId, input.wait_minutes);
    await recordAudit(tx, member, {
      storeId,
      action: 'store.substitution_wait',
      subject: `store:${storeId}`,
      detail: { before: before.waitMinutes, after: input.wait_minutes },
    });
    return { wait_minutes: input.wait_minutes };
  });
}
