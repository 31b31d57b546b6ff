import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { availabilityView } from '@mandado/shared/store-availability';
import {
  CLOSURE_MAX_DAYS,
  type MerchantAvailability,
  type MerchantAvailabilityInput,
  PAUSE_MAX_HOURS,
} from '@mandado/shared/store-availability.schemas';
import { type Actor, requirePermission, requireStoreMember, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { readStoreAvailability, writeStoreAvailability } from '../stores/stores.service.ts';
import { presentMerchantStore } from './merchant.presenter.ts';
import { findMemberStore, listMemberStores } from './merchant.repository.ts';

/** The stores the actor works for. */
export async function listOwnStores(db: Database, actor: Actor | null): Promise<MerchantStore[]> {
  const merchant = requirePermission(actor, 'store:read');
  return (await listMemberStores(db, merchant.userId)).map(presentMerchantStore);
}

/** One of the actor's stores; another store is a 403 (requirePermission's scope), never its data. */
export async function getOwnStore(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<MerchantStore> {
  const merchant = requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  const row = await findMemberStore(db, merchant.userId, storeId);
  if (!row) throw notFound();
  return presentMerchantStore(row);
}

type AvailabilityFields = NonNullable<Awaited<ReturnType<typeof readStoreAvailability>>>;

function presentAvailability(row: AvailabilityFields, now: Date): MerchantAvailability {
  return {
    ...availabilityView(row.name, row, now),
    paused_until: row.pausedUntil ? new Date(row.pausedUntil).toISOString() : null,
    closure:
      row.closedFrom && row.closedTo
        ? {
            from: new Date(row.closedFrom).toISOString(),
            to: new Date(row.closedTo).toISOString(),
            note: row.closureNote,
          }
        : null,
  };
}

/** Whether the store takes orders now, and the pause and closure its owners set (any member may read it). */
export async function getAvailability(
  db: Database,
  actor: Actor | null,
  storeId: number,
  now = new Date(),
): Promise<MerchantAvailability> {
  requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  const row = await readStoreAvailability(db, storeId);
  if (!row) throw notFound();
  return presentAvailability(row, now);
}

/**
 * 'Pausar ahora' until a time it reopens by itself, and a scheduled closure (issue 18); only owners. A pause
 * is short (PAUSE_MAX_HOURS; longer is a closure with a note the shopper reads); a past pause or closure is
 * refused rather than stored as a no-op, so the owner sees their mistake.
 */
export async function setAvailability(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: MerchantAvailabilityInput,
  now = new Date(),
): Promise<MerchantAvailability> {
  const member = requireStoreOwner(actor, storeId);
  const pausedUntil = input.paused_until ? new Date(input.paused_until) : null;
  if (pausedUntil && pausedUntil.getTime() <= now.getTime()) {
    throw new HttpError(400, { paused_until: [SERVER_MESSAGES.pauseInPast] });
  }
  if (pausedUntil && pausedUntil.getTime() - now.getTime() > PAUSE_MAX_HOURS * 3_600_000) {
    throw new HttpError(400, { paused_until: [SERVER_MESSAGES.pauseTooLong(PAUSE_MAX_HOURS)] });
  }
  const closedFrom = input.closure ? new Date(input.closure.from) : null;
  const closedTo = input.closure ? new Date(input.closure.to) : null;
  if (closedTo && closedTo.getTime() <= now.getTime()) {
    throw new HttpError(400, { closure: [SERVER_MESSAGES.closureInPast] });
  }
  if (closedTo && closedTo.getTime() - now.getTime() > CLOSURE_MAX_DAYS * 86_400_000) {
    throw new HttpError(400, { closure: [SERVER_MESSAGES.closureTooFar(CLOSURE_MAX_DAYS)] });
  }
  return db.transaction(async (tx) => {
    const before = await readStoreAvailability(tx, storeId);
    if (!before) throw notFound();
    const values = {
      pausedUntil,
      closedFrom,
      closedTo,
      closureNote: input.closure?.note ?? '',
    };
    await writeStoreAvailability(tx, storeId, values);
    await recordAudit(tx, member, {
      storeId,
      action: 'store.availability',
      subject: `store:${storeId}`,
      detail: { paused_until: input.paused_until, closure: input.closure },
    });
    return presentAvailability({ name: before.name, ...values }, now);
  });
}
