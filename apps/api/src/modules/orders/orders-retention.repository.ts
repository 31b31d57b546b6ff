import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { orderGroups } from '../../db/schema/orders.ts';
import { groupPastRetention } from '../order-status/retention-due.sql.ts';

/**
 * Blanks the recipient's phones (the snapshot's mobile and landline, the pick-up contact's phone) on up to
 * `limit` groups past retention that still hold one, in one statement, and answers how many. A group already
 * blank is not matched again, so passes are idempotent; `skip locked` lets instances share the work.
 */
export async function blankExpiredRecipientPhones(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result: unknown = await tx.execute(sql`
    update ${orderGroups} set
      beneficiary = jsonb_set(jsonb_set(beneficiary, '{mobile}', '""'::jsonb), '{landline}', '""'::jsonb),
      pickup_phone = null
    where id in (
      select g.id from ${orderGroups} g
      where (coalesce(g.beneficiary->>'mobile', '') <> '' or coalesce(g.beneficiary->>'landline', '') <> ''
          or g.pickup_phone is not null)
        and ${groupPastRetention(sql`g.id`, cutoff)}
      order by g.id
      limit ${limit}
      for update of g skip locked
    )
    returning id
  `);
  return (result as { rows: unknown[] }).rows.length;
}
