import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { cityRequests } from '../../db/schema/locations.ts';

export async function deleteCityRequestsBy(tx: DatabaseOrTransaction, email: string): Promise<void> {
  await tx.delete(cityRequests).where(eq(cityRequests.email, email));
}
