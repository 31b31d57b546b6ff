import type { DatabaseOrTransaction } from '../../db/database.ts';
import { listStorePushSubscriptionIds } from './claim-push.repository.ts';
import { insertPushMessages } from './store-inbox.repository.ts';
import { STORE_INBOX_PATH } from './store-inbox.service.ts';

/**
 * The family's 'Falta algo' reaches the store's members like a new order does (issue 29): a Web Push to each
 * member's devices through the push outbox, in the claim's transaction. The claim itself shows on the order's
 * card in the inbox (its receipt), whose ETag the answer's history note moves.
 */
export async function notifyStoreOfClaim(
  tx: DatabaseOrTransaction,
  claim: { storeId: number; storeOrderNumber: string; beneficiaryFirstName: string; missingText: string },
): Promise<void> {
  const who = claim.beneficiaryFirstName.trim() || 'Quien recibió';
  const payload = {
    title: 'Falta algo en un pedido',
    body: `${claim.storeOrderNumber}: ${who} avisó que falta ${claim.missingText}`,
    url: STORE_INBOX_PATH,
  };
  const ids = await listStorePushSubscriptionIds(tx, claim.storeId);
  await insertPushMessages(
    tx,
    ids.map((subscriptionId) => ({ subscriptionId, payload })),
  );
}
