import type { OperatorGroup } from '@mandado/shared/permissions';
import { and, eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { userRoles } from '../../db/schema/staff.ts';

/** Grants the operator role in `group`, or moves an operator to `group`. */
export async function upsertOperator(db: Database, userId: number, group: OperatorGroup): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role: 'operator', operatorGroup: group })
    .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { operatorGroup: group } });
}

export async function deleteOperator(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'operator')))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

export async function upsertOperatorGroup(
  tx: DatabaseOrTransaction,
  userId: number,
  group: OperatorGroup,
): Promise<void> {
  await tx
    .insert(userRoles)
    .values({ userId, role: 'operator', operatorGroup: group })
    .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { operatorGroup: group } });
}

export async function deleteOperatorRole(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'operator')));
}
