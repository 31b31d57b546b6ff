import type { StoreOrderStatus } from '@mandado/shared/order-status';
import type { Actor } from '../authorization.ts';
import type { Database } from '../db/database.ts';
import type { StaffStoreOrder } from '../modules/order-status/order-status.presenter.ts';
import {
  type AfterStatusMove,
  changeStoreOrderStatus,
  type StatusChangeDeps,
  type StatusChangeInput,
  type StatusChangeScope,
} from '../modules/order-status/order-status.service.ts';
import { makeCourierLinkStep, tellTheFamilyItIsComingStep } from './hand-over.flow.ts';
import { rejectStoreOrderSteps } from './reject-store-order.flow.ts';

/**
 * A staff member moves a store order (decision 022): the generic move (check, compare-and-set, history,
 * webhook, audit, e-mail), and the step its new status sets off (decision 057). Accepting, preparing and
 * delivering by hand set off nothing more; handing over makes the courier link (or, on a pick-up, tells the
 * collector it is ready); 'En camino' tells the family it is coming; rejecting settles the refund.
 */
export function changeStoreOrderStatusFlow(
  db: Database,
  actor: Actor | null,
  scope: StatusChangeScope,
  input: StatusChangeInput,
  deps: StatusChangeDeps,
): Promise<StaffStoreOrder> {
  return changeStoreOrderStatus(db, actor, scope, input, deps, stepAfter(input.to, deps));
}

function stepAfter(to: StoreOrderStatus, deps: StatusChangeDeps): AfterStatusMove | undefined {
  if (to === 'ready_to_delivery') return makeCourierLinkStep;
  if (to === 'in_transit') return tellTheFamilyItIsComingStep;
  if (to === 'rejected') return rejectStoreOrderSteps(deps.publicUrl);
  return undefined;
}
