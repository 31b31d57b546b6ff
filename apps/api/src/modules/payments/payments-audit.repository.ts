import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/**
 * The payments audit's read-only queries (decision 030). They read across the payment tables (the sandbox's
 * intents, order groups, the credit ledger) because the audit's question is whether they agree; nothing here
 * writes.
 */

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Sandbox charges that succeeded and are not refunded, whose group (by the key) is not paid by them. */
export function findSandboxChargesWithoutPaidGroup(
  db: Database,
): Promise<Array<{ intent_id: string; idempotency_key: string; amount: string; number: string | null }>> {
  return rowsOf(
    db,
    sql`select si.id as intent_id, si.idempotency_key, si.amount::text as amount, g.number
        from sandbox_intents si
        left join order_groups g
          on g.processor = 'sandbox' and si.idempotency_key = 'order-group-' || g.id::text
        where si.status = 'succeeded'
          and (g.id is null or g.payment_status <> 'paid' or g.processor_ref is distinct from si.id)
        order by si.created_at`,
  );
}

/**
 * Groups paid by a processor (total above 0) with no charge behind them: no reference at all, or, for the
 * sandbox, no intent of the group's total that succeeded under that reference (partly or wholly refunded
 * since by the refunds of its store orders, issue 17: the refunds check below compares those).
 */
export function findPaidGroupsWithoutCharge(
  db: Database,
): Promise<Array<{ number: string; processor: string; processor_ref: string | null; total: string }>> {
  return rowsOf(
    db,
    sql`select g.number, g.processor, g.processor_ref, g.total::text as total
        from order_groups g
        where g.payment_status = 'paid' and g.processor in ('sandbox', 'stripe', 'paypal') and g.total > 0
          and (
            g.processor_ref is null
            or (g.processor = 'sandbox' and not exists (
              select 1 from sandbox_intents si
              where si.id = g.processor_ref and si.status in ('succeeded', 'refunded') and si.amount = g.total
            ))
          )
        order by g.id`,
  );
}

/** Sandbox refunds above the intent's amount. */
export function findSandboxOverRefunds(
  db: Database,
): Promise<Array<{ intent_id: string; amount: string; refunded_amount: string }>> {
  return rowsOf(
    db,
    sql`select id as intent_id, amount::text as amount, refunded_amount::text as refunded_amount
        from sandbox_intents where refunded_amount > amount order by created_at`,
  );
}

/**
 * Groups whose credit refunds (ledger 'refunded' entries) exceed the credit they spent plus the refunds
 * decided as credit for them (issue 17: a transfer's money given back to the account).
 */
export function findCreditOverRefunds(
  db: Database,
): Promise<Array<{ group_id: number; spent: string; refunded: string }>> {
  return rowsOf(
    db,
    sql`select e.group_id,
               (-coalesce(sum(e.amount) filter (where e.kind = 'spent'), 0)
                 + coalesce(max(w.total), 0))::numeric(12, 2)::text as spent,
               coalesce(sum(e.amount) filter (where e.kind = 'refunded'), 0)::numeric(12, 2)::text as refunded
        from wallet_entries e
        left join (
          select group_id, sum(amount) as total from refunds
          where destination = 'wallet' and status = 'succeeded'
          group by group_id
        ) w on w.group_id = e.group_id
        where e.group_id is not null
        group by e.group_id
        having coalesce(sum(e.amount) filter (where e.kind = 'refunded'), 0)
             > -coalesce(sum(e.amount) filter (where e.kind = 'spent'), 0) + coalesce(max(w.total), 0)
        order by e.group_id`,
  );
}

/** Store orders whose decided refunds (pending and succeeded) exceed what was paid for them (issue 17). */
export function findStoreOrderOverRefunds(
  db: Database,
): Promise<Array<{ number: string; total: string; refunded: string }>> {
  return rowsOf(
    db,
    sql`select so.number, so.total::text as total, sum(r.amount)::numeric(12, 2)::text as refunded
        from refunds r
        join store_orders so on so.id = r.store_order_id
        where r.status in ('pending', 'succeeded')
        group by so.id, so.number, so.total
        having sum(r.amount) > so.total
        order by so.id`,
  );
}

/**
 * Order lines whose decided refunds (pending and succeeded) exceed what was paid for them: their USD total
 * less their coupon share (issue 27, decision 050; refunds decided before it were capped by the store
 * order only, so one line could be refunded twice).
 */
export function findLineOverRefunds(
  db: Database,
): Promise<Array<{ number: string; line_id: number; name: string; paid: string; refunded: string }>> {
  return rowsOf(
    db,
    sql`select so.number, ol.id as line_id, ol.name,
               (ol.total_usd - ol.discount)::numeric(12, 2)::text as paid,
               sum(r.amount)::numeric(12, 2)::text as refunded
        from refunds r
        join order_lines ol on ol.id = r.order_line_id
        join store_orders so on so.id = ol.store_order_id
        where r.status in ('pending', 'succeeded')
        group by so.id, so.number, ol.id, ol.name, ol.total_usd, ol.discount
        having sum(r.amount) > ol.total_usd - ol.discount
        order by so.id, ol.id`,
  );
}

/**
 * Paid sandbox groups whose succeeded card refunds (issue 17) add up to something else than what the
 * sandbox's own refunds of their charge add up to: a refund recorded but never made, or made twice.
 */
export function findSandboxRefundMismatches(
  db: Database,
): Promise<Array<{ number: string; intent_id: string; recorded: string; processor: string }>> {
  return rowsOf(
    db,
    sql`select g.number, si.id as intent_id,
               coalesce(r.total, 0)::numeric(12, 2)::text as recorded,
               coalesce(sr.total, 0)::numeric(12, 2)::text as processor
        from order_groups g
        join sandbox_intents si on si.id = g.processor_ref
        left join (
          select intent_id, sum(amount) as total from sandbox_refunds group by intent_id
        ) sr on sr.intent_id = si.id
        left join (
          select group_id, sum(amount) as total from refunds
          where destination = 'original_payment' and status = 'succeeded'
          group by group_id
        ) r on r.group_id = g.id
        where g.processor = 'sandbox' and g.payment_status = 'paid'
          and coalesce(r.total, 0) <> coalesce(sr.total, 0)
        order by g.id`,
  );
}

/** Users whose credit balance differs from the sum of their ledger entries. */
export function findLedgerMismatches(
  db: Database,
): Promise<Array<{ user_id: number; balance: string; entries: string }>> {
  return rowsOf(
    db,
    sql`select u.id as user_id, u.credit::text as balance, coalesce(e.total, 0)::numeric(12, 2)::text as entries
        from users u
        left join (select user_id, sum(amount) as total from wallet_entries group by user_id) e
          on e.user_id = u.id
        where u.credit <> coalesce(e.total, 0)
        order by u.id`,
  );
}
