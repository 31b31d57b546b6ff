import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { categories, products, stores } from '../../db/schema/catalog.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { type ProductRow, productColumns } from '../catalog/product-columns.sql.ts';

const bought = alias(orderLines, 'bought');
const alongside = alias(orderLines, 'alongside');

/**
 * The products most often sold in the same store order as `productId`, in paid groups (an unpaid transfer costs nothing to place, so it must not steer suggestions), still for sale
 * (approved store); ties go to the more popular product. One query. A store order holds one store's
 * products, so these are the same store's by construction.
 */
export async function listBoughtTogether(
  db: Database,
  productId: number,
  limit: number,
): Promise<ProductRow[]> {
  const orders = sql<number>`count(distinct ${storeOrders.id})`;
  return (
    db
      .select(productColumns)
      .from(bought)
      .innerJoin(storeOrders, eq(storeOrders.id, bought.storeOrderId))
      .innerJoin(
        orderGroups,
        and(
          eq(orderGroups.id, storeOrders.groupId),
          eq(orderGroups.status, 'confirmed'),
          eq(orderGroups.paymentStatus, 'paid'),
        ),
      )
      .innerJoin(
        alongside,
        and(eq(alongside.storeOrderId, storeOrders.id), ne(alongside.productId, productId)),
      )
      .innerJoin(products, eq(products.id, alongside.productId))
      .innerJoin(stores, eq(stores.id, products.storeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(bought.productId, productId), eq(stores.status, 'approved'), eq(products.active, true)))
      // Grouped by the three primary keys: every selected column depends on one of them.
      .groupBy(products.id, stores.id, categories.id)
      .orderBy(desc(orders), desc(products.popularity), asc(products.id))
      .limit(limit)
  );
}
