import { randomBytes } from 'node:crypto';
import { formatMinorAsDecimal } from '@mandado/shared/money';
import {
  DECLINE_MESSAGES,
  type DeclineCode,
  parseSandboxToken,
  type SandboxOutcome,
} from '@mandado/shared/sandbox-cards';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sandboxIntents } from '../../db/schema/payments.ts';
import type { CardDetails, CardProcessor, ChargeOutcome, ChargeRequest } from './payment-processor.ts';

type IntentRow = typeof sandboxIntents.$inferSelect;

/** What a charge with a card of this outcome does at once (Stripe's test numbers, decision 023). */
const FIRST_STATUS: Record<
  SandboxOutcome,
  { status: 'succeeded' | 'failed' | 'requires_action'; declineCode: DeclineCode | null }
> = {
  succeeds: { status: 'succeeded', declineCode: null },
  declined: { status: 'failed', declineCode: 'card_declined' },
  insufficient_funds: { status: 'failed', declineCode: 'insufficient_funds' },
  requires_authentication: { status: 'requires_action', declineCode: null },
  live_card: { status: 'failed', declineCode: 'live_card_in_test_mode' },
};

function outcomeOf(row: IntentRow): ChargeOutcome {
  if (row.status === 'succeeded' || row.status === 'refunded') {
    return { status: 'succeeded', processorRef: row.id };
  }
  if (row.status === 'requires_action') {
    return {
      status: 'requires_action',
      processorRef: row.id,
      action: { type: 'sandbox_3ds', intent_id: row.id },
    };
  }
  const declineCode = (row.declineCode ?? 'processing_error') as DeclineCode;
  return {
    status: 'failed',
    processorRef: row.id,
    declineCode,
    message: DECLINE_MESSAGES[declineCode] ?? DECLINE_MESSAGES.processing_error,
  };
}

/**
 * The embedded processor (decision 023): it keeps its payments in `sandbox_intents`, like a real processor
 * keeps them on its side, so a retried charge with the same idempotency key returns the same intent (one
 * charge), a 3-D Secure step survives a restart, and refunds are recorded. The outcome comes from the card's
 * token, which the browser built from Stripe's test numbers; the number itself never reaches us.
 */
export function createSandboxProcessor(): CardProcessor {
  return {
    name: 'sandbox',
    publishableKey: null,

    async charge(db: Database, request: ChargeRequest): Promise<ChargeOutcome> {
      const card = parseSandboxToken(request.paymentToken);
      const first = card
        ? FIRST_STATUS[card.outcome]
        : { status: 'failed' as const, declineCode: 'processing_error' as const };
      // One intent per idempotency key: a concurrent or retried charge finds the first one's row.
      const [created] = await db
        .insert(sandboxIntents)
        .values({
          id: `pi_sandbox_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          userId: request.userId,
          amount: formatMinorAsDecimal(request.amountMinor),
          currency: request.currency,
          status: first.status,
          outcome: card?.outcome ?? 'invalid_token',
          declineCode: first.declineCode,
        })
        .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
        .returning();
      const [row] = created
        ? [created]
        : await db
            .select()
            .from(sandboxIntents)
            .where(eq(sandboxIntents.idempotencyKey, request.idempotencyKey));
      if (!row) throw new Error('sandbox intent was not stored');
      return outcomeOf(row);
    },

    async retrieve(db: Database, processorRef: string): Promise<ChargeOutcome> {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, processorRef));
      if (!row) {
        return {
          status: 'failed',
          processorRef,
          declineCode: 'processing_error',
          message: DECLINE_MESSAGES.processing_error,
        };
      }
      return outcomeOf(row);
    },

    async refund(db: Database, processorRef: string, amountMinor: number): Promise<void> {
      // Full refunds only, once: the status guard makes a repeated call (same key or not) change nothing.
      await db
        .update(sandboxIntents)
        .set({
          status: 'refunded',
          refundedAmount: formatMinorAsDecimal(amountMinor),
          updatedAt: sql`now()`,
        })
        .where(and(eq(sandboxIntents.id, processorRef), eq(sandboxIntents.status, 'succeeded')));
    },

    async describeCard(_db: Database, token: string): Promise<CardDetails | null> {
      const card = parseSandboxToken(token);
      if (!card) return null;
      return {
        processorToken: token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    async ensureCustomer(): Promise<string | null> {
      return null;
    },

    async forgetCard(): Promise<void> {},
  };
}

/**
 * The test 3-D Secure page's buttons: decides an intent that waits for authentication. Only the intent's
 * user reaches it (anyone else's, or an unknown id, is null → 404); a decided intent keeps its status.
 */
export async function authenticateSandboxIntent(
  db: Database,
  intentId: string,
  userId: number,
  outcome: 'approve' | 'fail',
): Promise<{ status: string } | null> {
  const [updated] = await db
    .update(sandboxIntents)
    .set(
      outcome === 'approve'
        ? { status: 'succeeded', updatedAt: sql`now()` }
        : { status: 'failed', declineCode: 'authentication_failed', updatedAt: sql`now()` },
    )
    .where(
      and(
        eq(sandboxIntents.id, intentId),
        eq(sandboxIntents.userId, userId),
        eq(sandboxIntents.status, 'requires_action'),
      ),
    )
    .returning({ status: sandboxIntents.status });
  if (updated) return updated;
  const [row] = await db
    .select({ status: sandboxIntents.status })
    .from(sandboxIntents)
    .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.userId, userId)));
  return row ?? null;
}
