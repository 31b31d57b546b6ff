import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { beneficiaries } from '../../db/schema/beneficiaries.ts';

export async function deleteBeneficiariesOf(tx: DatabaseOrTransaction, remitterId: number): Promise<void> {
  await tx.delete(beneficiaries).where(eq(beneficiaries.remitterId, remitterId));
}
