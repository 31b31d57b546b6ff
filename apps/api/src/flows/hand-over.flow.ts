import type { DatabaseOrTransaction } from '../db/database.ts';
import { issueCourierLink } from '../modules/courier/courier.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import type { MovedStoreOrder, StatusMoveEffects } from '../modules/order-status/order-status.service.ts';

/**
 * 'Listo para entregar' on a delivery makes the courier's link (issue 17), once; a pick-up has none (decision
 * 057: the step the generic move runs after 'ready_to_delivery'). On a pick-up, whoever collects it hears by
 * WhatsApp or SMS that it is ready, with the code (issue 29); a delivery's family hears when the courier
 * picks it up (courier-trip.flow.ts).
 */
export async function makeCourierLinkStep(
  tx: DatabaseOrTransaction,
  ready: MovedStoreOrder,
): Promise<StatusMoveEffects> {
  if (ready.delivery !== 'standard') {
    await enqueueOrderMessage(tx, { kind: 'order_coming', storeOrder: ready.id });
    return {};
  }
  return { courierToken: await issueCourierLink(tx, ready.id) };
}

/**
 * 'En camino' set by the store or an operator (a store that delivers itself, a courier without the link):
 * the family hears it is coming, with the code, as when a courier taps 'Retiré el pedido' (issue 29).
 */
export async function tellTheFamilyItIsComingStep(
  tx: DatabaseOrTransaction,
  moved: MovedStoreOrder,
): Promise<StatusMoveEffects> {
  await enqueueOrderMessage(tx, { kind: 'order_coming', storeOrder: moved.id });
  return {};
}
