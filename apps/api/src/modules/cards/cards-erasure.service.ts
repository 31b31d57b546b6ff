import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteCardsOf } from './cards-erasure.repository.ts';

/**
 * Account deletion (issue 32): the saved cards' tokens and the processor customer links go. The processor's own
 * copy (a Stripe Customer) is not reached from here: the link to it is what lets anyone use it, and it goes.
 */
export function forgetCards(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  return deleteCardsOf(tx, userId);
}
