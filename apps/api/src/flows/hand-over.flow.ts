import type { DatabaseOrTransaction } from '../db/database.ts';
import { issueCourierLink } from '../modules/courier/courier.service.ts';
import type { MovedStoreOrder, StatusMoveEffects } from '../modules/order-status/order-status.service.ts';

/**
 * 'Listo para entregar' on a delivery makes the courier's link (issue 17), once; a pick-up has none (decision
 * 057: the step the generic move runs after 'ready_to_delivery').
 */
export async function makeCourierLinkStep(
  tx: DatabaseOrTransaction,
  ready: MovedStoreOrder,
): Promise<StatusMoveEffects> {
  if (ready.delivery !== 'standard') return {};
  return { courierToken: await issueCourierLink(tx, ready.id) };
}
