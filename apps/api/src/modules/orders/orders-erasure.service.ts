import type { StoreOrderStatus } from '@mandado/shared/order-status';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import {
  deleteIdempotencyKeysOf,
  findOpenGroupNumber,
  listGroupIdsOf,
  pseudonymiseGroupsOf,
} from './orders-erasure.repository.ts';

/** A store order in one of these is over: nothing more will be prepared, delivered or charged for it. */
const FINISHED: readonly StoreOrderStatus[] = ['rejected', 'delivered', 'fulfilled'];

/** Account deletion waits while this remitter has an order in course: its number, or null. */
export function openOrderNumber(tx: DatabaseOrTransaction, remitterId: number): Promise<string | null> {
  return findOpenGroupNumber(tx, remitterId, FINISHED);
}

/**
 * Account deletion (issue 32): orders stay for the accounts (Ley 18.331 lets what the law requires be kept),
 * without the recipient's name, phones, address or pin. Answers the groups' ids.
 */
export async function pseudonymiseOrdersOf(tx: DatabaseOrTransaction, remitterId: number): Promise<number[]> {
  await pseudonymiseGroupsOf(tx, remitterId);
  await deleteIdempotencyKeysOf(tx, remitterId);
  return listGroupIdsOf(tx, remitterId);
}
