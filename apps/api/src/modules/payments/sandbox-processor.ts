import { randomBytes } from 'node:crypto';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import {
  DECLINE_MESSAGES,
  type DeclineCode,
  parseSandboxToken,
  type SandboxOutcome,
} from '@mandado/shared/sandbox-cards';
import type { Database } from '../../db/database.ts';
import type {
  CardDetails,
  CardProcessor,
  ChargeOutcome,
  ChargeRequest,
  SucceededCharge,
} from '../../payment-processor.ts';
import {
  findIntentById,
  findIntentByKey,
  insertOrFindIntent,
  listSucceededIntentsSince,
  refundIntentOnce,
  type SandboxIntentRow,
} from './sandbox.repository.ts';

/** The sandbox's key for an order group's payment; the key names the group, as Stripe's metadata does. */
const GROUP_KEY_PATTERN = /^order-group-(\d{1,12})$/;

export function groupIdOfSandboxKey(idempotencyKey: string): number | null {
  const match = GROUP_KEY_PATTERN.exec(idempotencyKey);
  return match?.[1] ? Number(match[1]) : null;
}

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

export function sandboxOutcomeOf(row: SandboxIntentRow): ChargeOutcome {
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
      // One intent per idempotency key: a concurrent or retried charge finds the first one's row. The row is the
      // record of the attempt (decision 030): whoever knows the group's key can ask for it, even after a crash.
      const row = await insertOrFindIntent(db, {
        id: `pi_sandbox_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        userId: request.userId,
        amount: formatMinorAsDecimal(request.amountMinor),
        currency: request.currency,
        status: first.status,
        outcome: card?.outcome ?? 'invalid_token',
        declineCode: first.declineCode,
      });
      return sandboxOutcomeOf(row);
    },

    async retrieve(db: Database, processorRef: string): Promise<ChargeOutcome> {
      const row = await findIntentById(db, processorRef);
      if (!row) {
        return {
          status: 'failed',
          processorRef,
          declineCode: 'processing_error',
          message: DECLINE_MESSAGES.processing_error,
        };
      }
      return sandboxOutcomeOf(row);
    },

    async retrieveByKey(db: Database, idempotencyKey: string): Promise<ChargeOutcome | null> {
      const row = await findIntentByKey(db, idempotencyKey);
      return row ? sandboxOutcomeOf(row) : null;
    },

    async listSucceededCharges(db: Database, since: Date): Promise<SucceededCharge[]> {
      const charges: SucceededCharge[] = [];
      for (const row of await listSucceededIntentsSince(db, since)) {
        const groupId = groupIdOfSandboxKey(row.idempotencyKey);
        if (groupId !== null)
          charges.push({ processorRef: row.id, groupId, amountMinor: parseMoney(row.amount) });
      }
      return charges;
    },

    async refund(
      db: Database,
      processorRef: string,
      amountMinor: number,
      idempotencyKey: string,
    ): Promise<void> {
      // Once per key, adding up, never above the charge (Stripe's rules); the amounts are recorded so the
      // audit can compare them with the refunds we decided.
      const result = await refundIntentOnce(
        db,
        processorRef,
        formatMinorAsDecimal(amountMinor),
        idempotencyKey,
      );
      if (result === 'refused') {
        throw new Error(
          `Sandbox refused the refund ${idempotencyKey}: ${formatMinorAsDecimal(amountMinor)} is more than what is left of ${processorRef}`,
        );
      }
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
    // The sandbox keeps no customers.
    async forgetCustomer(): Promise<void> {},
  };
}
