import { and, eq, ne } from 'drizzle-orm';
import { orderGroups } from '../../db/schema/orders.ts';

/** A store order the store sees: its group is confirmed and paid (a transfer still waiting is not shown). */
export const visibleToStore = and(
  eq(orderGroups.status, 'confirmed'),
  ne(orderGroups.paymentStatus, 'pending'),
);
