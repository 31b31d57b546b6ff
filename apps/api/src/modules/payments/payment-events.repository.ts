import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { paymentEvents } from '../../db/schema/payments.ts';

/** Records a processor's event id; false when it was already recorded (a redelivery). */
export async function recordPaymentEvent(
  db: Database,
  event: { processor: string; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** Forgets an event whose handling failed, so the processor's next delivery of it is handled again. */
export async function forgetPaymentEvent(db: Database, processor: string, eventId: string): Promise<void> {
  await db
    .delete(paymentEvents)
    .where(and(eq(paymentEvents.processor, processor), eq(paymentEvents.eventId, eventId)));
}
