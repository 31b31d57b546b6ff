import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { invitations } from '../../db/schema/referrals.ts';

export async function deleteInvitationsBy(tx: DatabaseOrTransaction, inviterUserId: number): Promise<void> {
  await tx.delete(invitations).where(eq(invitations.inviterUserId, inviterUserId));
}
