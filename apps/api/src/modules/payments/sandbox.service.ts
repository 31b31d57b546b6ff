import { type Actor, requirePermission } from '../../authorization.ts';
import { notFound } from '../../http-errors.ts';
import { finalizeCardPayment } from '../orders/finalize.service.ts';
import type { OrdersContext } from '../orders/orders-context.ts';
import { groupAwaitsPayment } from '../orders/payment-recovery.service.ts';
import { decideWaitingIntent, findUserIntent } from './sandbox.repository.ts';
import { groupIdOfSandboxKey, sandboxOutcomeOf } from './sandbox-processor.ts';

/**
 * The test 3-D Secure page's buttons (decisions 023, 030): decides an intent that waits for authentication.
 * Only the intent's user reaches it (anyone else's, or an unknown id, is a 404); a decided intent keeps its
 * status. An approval for a group that no longer awaits payment (expired, replaced by a newer checkout) does
 * not capture: the intent is cancelled. The decision then lands through finalize at once, as Stripe's webhook
 * would, so a group cancelled between the check and the approval has its money refunded at once.
 */
export async function authenticateSandboxPayment(
  ctx: OrdersContext,
  actor: Actor | null,
  intentId: string,
  outcome: 'approve' | 'fail',
): Promise<{ status: string }> {
  const { userId } = requirePermission(actor, 'account:own');
  if (ctx.payments.card.name !== 'sandbox') throw notFound();
  const intent = await findUserIntent(ctx.db, intentId, userId);
  if (!intent) throw notFound();
  if (intent.status !== 'requires_action') return { status: intent.status };
  const groupId = groupIdOfSandboxKey(intent.idempotencyKey);
  const payable = groupId !== null && (await groupAwaitsPayment(ctx, groupId));
  const decided = await decideWaitingIntent(
    ctx.db,
    intentId,
    userId,
    outcome === 'fail'
      ? { status: 'failed', declineCode: 'authentication_failed' }
      : payable
        ? { status: 'succeeded' }
        : { status: 'canceled', declineCode: 'processing_error' },
  );
  if (!decided) {
    // Another click decided it first.
    const row = await findUserIntent(ctx.db, intentId, userId);
    return { status: row?.status ?? intent.status };
  }
  if (groupId !== null) await finalizeCardPayment(ctx, groupId, sandboxOutcomeOf(decided));
  return { status: decided.status };
}
