import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deletePushSubscriptionsOf } from './store-inbox.repository.ts';

/**
 * Account deletion (issue 32, decision 073): the person's browser subscriptions go, shop and staff alike,
 * with the pushes still waiting for them (the outbox rows cascade), so a pseudonymised account is never
 * notified again.
 */
export function forgetPushSubscriptions(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  return deletePushSubscriptionsOf(tx, userId);
}
