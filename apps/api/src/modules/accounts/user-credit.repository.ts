import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

/**
 * Moves the balance (users.credit) by a signed USD decimal ("-5.00" to spend). A debit is a conditional update
 * (`credit >= amount`): false when the balance is short, so two concurrent checkouts can never spend the same
 * credit.
 */
export async function moveUserCredit(
  tx: DatabaseOrTransaction,
  userId: number,
  amount: string,
): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ credit: sql`${users.credit} + ${amount}::numeric` })
    .where(and(eq(users.id, userId), sql`${users.credit} + ${amount}::numeric >= 0`))
    .returning({ id: users.id });
  return updated.length > 0;
}
