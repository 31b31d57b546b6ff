import type { DatabaseOrTransaction } from '../../db/database.ts';
import { lockStockRows, returnStock, setProductSoldOut, takeStock } from './merchant-catalog.repository.ts';

/**
 * The products' stock as orders take and give it back (decision 057: the products' one writer is this module;
 * placing and releasing call these inside their transaction).
 */

/** Locks the products' rows in id order, FOR NO KEY UPDATE, for the checks made before the stock is taken. */
export function lockStock(tx: DatabaseOrTransaction, productIds: readonly number[]): Promise<void> {
  return lockStockRows(tx, productIds);
}

/** Takes the units of every product that still has them; answers the ids whose stock was short. */
export function takeUnits(
  tx: DatabaseOrTransaction,
  wanted: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<number[]> {
  return takeStock(tx, wanted);
}

/** Puts back every unit the group's lines took. */
export function returnUnitsOfGroup(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  return returnStock(tx, groupId);
}

/** 'Marcar como agotado' in the unavailable dialog (issue 31 item 5): the product's stock goes to 0. */
export function markSoldOut(tx: DatabaseOrTransaction, storeId: number, productId: number): Promise<void> {
  return setProductSoldOut(tx, storeId, productId);
}
