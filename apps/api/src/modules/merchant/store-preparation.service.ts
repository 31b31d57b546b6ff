import type { StorePreparation } from '@mandado/shared/store-preparation.schemas';
import { type Actor, requirePermission, requireStoreMember, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { readStorePreparation, writeStorePreparation } from '../stores/stores.service.ts';

function present(row: { autoAccept: boolean; preparationMinutes: number | null }): StorePreparation {
  return { auto_accept: row.autoAccept, preparation_minutes: row.preparationMinutes };
}

/** Auto-accept and the preparation time (issue 31); any member may read them. */
export async function getPreparation(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<StorePreparation> {
  requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  const row = await readStorePreparation(db, storeId);
  if (!row) throw notFound();
  return present(row);
}

/** Only owners set them; the change is audited with what it was before. */
export async function setPreparation(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: StorePreparation,
): Promise<StorePreparation> {
  const member = requireStoreOwner(actor, storeId);
  return db.transaction(async (tx) => {
    const before = await readStorePreparation(tx, storeId);
    if (!before) throw notFound();
    const values = { autoAccept: input.auto_accept, preparationMinutes: input.preparation_minutes };
    await writeStorePreparation(tx, storeId, values);
    await recordAudit(tx, member, {
      storeId,
      action: 'store.preparation',
      subject: `store:${storeId}`,
      detail: { before: present(before), after: input },
    });
    return present(values);
  });
}
