import type { NewReturn, ReturnRequest, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { type Actor, requirePermission } from '../authorization.ts';
import type { Database } from '../db/database.ts';
import type { MediaStorage } from '../modules/media/media-storage.ts';
import { requireReturnPhoto } from '../modules/returns/return-photos.service.ts';
import type { ReturnView } from '../modules/returns/returns.presenter.ts';
import {
  applyReturnMove,
  checkNewReturn,
  getReturnsOverview,
  lockReturnOfGroup,
  notifyStoreOfReturn,
  presentRows,
  RETURN_PHOTO_PATHS,
  RETURN_PICKUP_CODE_KEY,
  type Requester,
  type ReturnGroupRow,
  type ReturnRow,
  readReturn,
  recordNewReturn,
  requireRemitterGroup,
  requireTrackedGroup,
} from '../modules/returns/returns.service.ts';
import { serverSecret } from '../modules/store-inbox/server-secrets.service.ts';

/**
 * A return asked for (issue 32 item 1, decision 076): by the remitter from 'Mis Compras' or by the family from
 * the tracking link, within 5 business days of delivery. One transaction: the store order's lock, the checks
 * (window, lines, units), the request and its history row, the store's e-mails and pushes through the outboxes.
 */

export interface ReturnFlowDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickPushWorker: () => void;
  kickRefundWorker: () => void;
}

/** A request also checks its photo in the media storage. */
export type RequestReturnDeps = ReturnFlowDeps & { media: MediaStorage };

async function requesterView(db: Database, photoPath: (row: ReturnRow) => string): Promise<ReturnView> {
  return { side: 'requester', codeSecret: await serverSecret(db, RETURN_PICKUP_CODE_KEY), photoPath };
}

/** The remitter's or the family's view of their returns (the photo's route differs). */
function viewOf(db: Database, group: ReturnGroupRow, requester: Requester): Promise<ReturnView> {
  return requesterView(
    db,
    requester.kind === 'remitter'
      ? RETURN_PHOTO_PATHS.remitter
      : RETURN_PHOTO_PATHS.family(group.trackingToken),
  );
}

async function requestReturn(
  db: Database,
  group: ReturnGroupRow,
  requester: Requester,
  input: NewReturn,
  deps: RequestReturnDeps,
): Promise<ReturnRequest> {
  const photoKey =
    input.photoId === undefined ? null : await requireReturnPhoto(deps.media, group.id, input.photoId);
  const view = await viewOf(db, group, requester);
  const now = new Date();
  const created = await db.transaction(async (tx) => {
    const { storeOrder, deadline } = await checkNewReturn(tx, group, input, now);
    const row = await recordNewReturn(tx, group, storeOrder, deadline, requester, {
      ...input,
      photoKey,
    });
    await notifyStoreOfReturn(tx, row, deps);
    return row;
  });
  deps.kickMailWorker();
  deps.kickPushWorker();
  const [presented] = await presentRows(db, [created], view);
  if (!presented) throw new Error(`return ${created.id} not presented`);
  return presented;
}

/** `POST /v1/orders/:number/returns/`: the signed-in remitter's own order. */
export async function requestReturnByRemitterFlow(
  db: Database,
  actor: Actor | null,
  number: string,
  input: NewReturn,
  deps: RequestReturnDeps,
): Promise<ReturnRequest> {
  const group = await requireRemitterGroup(db, actor, number);
  return requestReturn(
    db,
    group,
    { kind: 'remitter', actor: requirePermission(actor, 'account:own') },
    input,
    deps,
  );
}

/** `POST /v1/tracking/:token/returns/`: the family, with the tracking link as the credential. */
export async function requestReturnByFamilyFlow(
  db: Database,
  token: string,
  input: NewReturn,
  deps: RequestReturnDeps,
): Promise<ReturnRequest> {
  const group = await requireTrackedGroup(db, token);
  return requestReturn(db, group, { kind: 'family' }, input, deps);
}

/** `GET /v1/orders/:number/returns/`. */
export async function remitterReturnsFlow(
  db: Database,
  actor: Actor | null,
  number: string,
): Promise<ReturnsOverview> {
  const group = await requireRemitterGroup(db, actor, number);
  return getReturnsOverview(db, group, await requesterView(db, RETURN_PHOTO_PATHS.remitter), new Date());
}

/** `GET /v1/tracking/:token/returns/`. */
export async function familyReturnsFlow(db: Database, token: string): Promise<ReturnsOverview> {
  const group = await requireTrackedGroup(db, token);
  return getReturnsOverview(db, group, await requesterView(db, RETURN_PHOTO_PATHS.family(token)), new Date());
}

/** `POST /v1/orders/:number/returns/:id/cancel/`: the remitter takes back a request the store has not answered. */
export async function cancelReturnFlow(
  db: Database,
  actor: Actor | null,
  number: string,
  returnId: number,
): Promise<ReturnRequest> {
  const group = await requireRemitterGroup(db, actor, number);
  const remitter = requirePermission(actor, 'account:own');
  const view = await requesterView(db, RETURN_PHOTO_PATHS.remitter);
  await db.transaction(async (tx) => {
    const row = await lockReturnOfGroup(tx, group, returnId);
    await applyReturnMove(tx, row, { to: 'cancelled', actor: 'requester', userId: remitter.userId });
  });
  const [presented] = await presentRows(db, [await readReturn(db, returnId)], view);
  if (!presented) throw new Error(`return ${returnId} not presented`);
  return presented;
}
