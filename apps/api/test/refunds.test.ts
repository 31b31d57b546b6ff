/**
 * Refunds (issue 17, decision 040): a paid store order rejected by its store is refunded — to the card by
 * the refund worker through the sandbox (once, whatever runs it), as credit at once for a transfer — the
 * remitter hears of it, a processor that fails is retried with back-off, and refunds never exceed what was
 * paid for the store order. Operators record bank refunds and give money back by hand.
 */

import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { REFUND_MESSAGES, refundSchema } from '@mandado/shared/refund.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRefund } from '../src/flows/refund.flow.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { createSandboxProcessor } from '../src/modules/payments/sandbox-processor.ts';
import {
  MAX_REFUND_ATTEMPTS,
  type RefundWorkerDeps,
  runDueRefunds,
  startRefundWorker,
} from '../src/modules/refunds/refund-worker.ts';
import { listRefundsOfGroups, refundedMinorOfGroups } from '../src/modules/refunds/refunds.service.ts';
import type { CardProcessor } from '../src/payment-processor.ts';
import { addStoreMember, makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  type FastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The sandbox, except that its refunds can be made to fail as an unreachable processor would. */
class FlakyRefunds {
  failures = 0;
  readonly calls: string[] = [];
  readonly #sandbox = createSandboxProcessor();

  processor(): CardProcessor {
    return {
      ...this.#sandbox,
      refund: async (db, processorRef, amountMinor, idempotencyKey) => {
        this.calls.push(idempotencyKey);
        if (this.failures > 0) {
          this.failures -= 1;
          throw new Error('connect ECONNREFUSED');
        }
        await this.#sandbox.refund(db, processorRef, amountMinor, idempotencyKey);
      },
    };
  }
}

const flaky = new FlakyRefunds();
let t: TestApp;
let operator: FastUser;
let mailKicks = 0;

beforeAll(async () => {
  t = await createTestApp({ payments: { card: flaky.processor(), paypal: null } });
  operator = await createFastUser(t.database, 'Olga');
  await makeOperator(t.database, operator.id);
});
afterAll(async () => {
  // Every refund of this file left the records agreeing (decision 030).
  expect(await auditPayments(t.app.db)).toEqual([]);
  await t.close();
});

function workerDeps(): RefundWorkerDeps {
  return {
    db: t.app.db,
    payments: t.app.payments,
    log: t.app.log,
    publicUrl: t.app.publicUrl,
    kickMailWorker: () => {
      mailKicks += 1;
    },
  };
}

/** A paid order from two stores ($12 and $12 plus shipping each), with a member for each store. */
async function placePaid(method: 'card' | 'bank_transfer') {
  const fixture = await prepareCheckout(t.database, {
    stores: 2,
    price: '12.00',
    phone: method === 'card' ? undefined : COLOMBIAN_PHONE,
  });
  const body = await orderBody(t.app, fixture.user, {
    beneficiaryId: fixture.beneficiaryId,
    ...(method === 'card' ? {} : { payment: { method } }),
  });
  const placed = await placeOrderRequest(t.app, fixture.user, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const { order } = placed.json<PlaceOrderResult>();
  if (method !== 'card') {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${order.number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const merchant = await createFastUser(t.database, 'Mario');
  const store = fixture.stores[0];
  if (!store) throw new Error('no store');
  await addStoreMember(t.database, store.id, merchant.id);
  const [group] = await rows<{ id: number; processor_ref: string | null }>(
    t.database,
    sql`select id, processor_ref from order_groups where number = ${order.number}`,
  );
  if (!group) throw new Error('no group');
  const first = order.stores[0];
  if (!first) throw new Error('no store order');
  const storeOrders = await rows<{ id: number; number: string; total: string }>(
    t.database,
    sql`select id, number, total::text as total from store_orders where group_id = ${group.id} order by id`,
  );
  return { fixture, order, group, merchant, store, first, storeOrders };
}

function reject(merchant: FastUser, storeId: number, number: string) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${storeId}/orders/${number}/status/`,
    headers: merchant.headers,
    payload: { from: 'approved', to: 'rejected', reason: 'Sin stock' },
  });
}

interface RefundRow {
  id: number;
  amount: string;
  status: string;
  destination: string;
  attempts: number;
  actor_role: string;
  actor_user_id: number | null;
  last_error: string | null;
  retry_in: number;
}

async function refundsOf(groupId: number): Promise<RefundRow[]> {
  return rows<RefundRow>(
    t.database,
    sql`select id, amount::text as amount, status, destination, attempts, actor_role, actor_user_id, last_error,
               extract(epoch from next_attempt_at - now())::int as retry_in
        from refunds where group_id = ${groupId} order by id`,
  );
}

async function outbox(to: string) {
  return rows<{ subject: string; text_body: string }>(
    t.database,
    sql`select subject, text_body from email_outbox where to_address = ${to} order by id`,
  );
}

async function intentOf(ref: string | null) {
  const [intent] = await rows<{ status: string; amount: string; refunded_amount: string }>(
    t.database,
    sql`select status, amount::text as amount, refunded_amount::text as refunded_amount
        from sandbox_intents where id = ${ref}`,
  );
  return intent;
}

describe('a paid card order rejected by its store', () => {
  it('gets a pending refund of what was paid for that store order, refunded once at the sandbox, with e-mails', async () => {
    const { fixture, order, group, merchant, store, first, storeOrders } = await placePaid('card');
    const rejected = await reject(merchant, store.id, first.number);
    expect(rejected.statusCode, rejected.body).toBe(200);

    const [refund, ...others] = await refundsOf(group.id);
    expect(others).toEqual([]);
    expect(refund).toMatchObject({
      amount: storeOrders[0]?.total,
      status: 'pending',
      destination: 'original_payment',
      actor_role: 'merchant',
      actor_user_id: merchant.id,
    });
    // The rejection e-mail promises exactly that.
    const rejection = (await outbox(fixture.user.email)).at(-1);
    expect(rejection?.subject).toBe(`Tu pedido ${first.number} fue rechazado`);
    expect(rejection?.text_body).toContain(
      `Te devolvemos US$ ${storeOrders[0]?.total.replace('.', ',')} a tu tarjeta Visa •••• 4242; te avisaremos por correo cuando esté hecho.`,
    );

    const before = (await outbox(fixture.user.email)).length;
    const calls = flaky.calls.length;
    const kicks = mailKicks;
    expect(await runDueRefunds(workerDeps())).toBe(1);
    expect(await runDueRefunds(workerDeps())).toBe(0);
    expect(flaky.calls.slice(calls)).toEqual([`refund-${refund?.id}`]);
    expect(mailKicks).toBe(kicks + 1);

    const [settled] = await refundsOf(group.id);
    expect(settled).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Only that store order's part: the charge stays succeeded, partly refunded.
    expect(await intentOf(group.processor_ref)).toMatchObject({
      status: 'succeeded',
      refunded_amount: storeOrders[0]?.total,
    });
    const mails = (await outbox(fixture.user.email)).slice(before);
    expect(mails).toHaveLength(1);
    const amountText = `US$ ${storeOrders[0]?.total.replace('.', ',')}`;
    expect(mails[0]?.subject).toBe(`Te devolvimos ${amountText} de tu pedido ${first.number}`);
    expect(mails[0]?.text_body).toContain('Hola Ana:');
    expect(mails[0]?.text_body).toContain(
      `Te devolvimos ${amountText} de tu pedido ${first.number} de ${first.store.name} a tu tarjeta Visa •••• 4242.`,
    );
    expect(mails[0]?.text_body).toContain('Motivo: La tienda rechazó el pedido.');
    expect(mails[0]?.text_body).toContain(`Mira tu pedido: ${t.app.publicUrl}/user/orders/${order.number}`);

    // What the order page and Mis Compras are given.
    const listed = (await listRefundsOfGroups(t.app.db, [group.id])).get(group.id);
    expect(listed?.map((item) => refundSchema.parse(item))).toEqual([
      expect.objectContaining({
        store_order_number: first.number,
        line_name: null,
        amount: storeOrders[0]?.total,
        reason: 'store_rejected',
        reason_label: 'La tienda rechazó el pedido',
        destination: 'original_payment',
        destination_label: 'Al medio de pago original',
        status: 'succeeded',
        status_label: 'Reembolsado',
      }),
    ]);
    expect(listed?.[0]?.settled).not.toBeNull();
    const refunded = await refundedMinorOfGroups(t.app.db, [group.id, 999_999]);
    expect([...refunded.entries()]).toEqual([[group.id, Math.round(Number(storeOrders[0]?.total) * 100)]]);
  });

  it('is refunded within seconds by the running worker, which the rejection wakes', async () => {
    const { group, merchant, store, first } = await placePaid('card');
    // A poll far away: only the kick can make it this fast.
    const worker = startRefundWorker({ ...workerDeps(), intervalMs: 3_600_000 });
    const decorated = t.app.kickRefundWorker;
    Object.assign(t.app, { kickRefundWorker: () => worker.kick() });
    try {
      expect((await reject(merchant, store.id, first.number)).statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      while ((await refundsOf(group.id))[0]?.status !== 'succeeded' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await refundsOf(group.id))[0]?.status).toBe('succeeded');
    } finally {
      Object.assign(t.app, { kickRefundWorker: decorated });
      await worker.stop();
    }
  });

  it('backs off when the processor fails, retries when due, and gives up after the last attempt', async () => {
    const { group, merchant, store, first } = await placePaid('card');
    expect((await reject(merchant, store.id, first.number)).statusCode).toBe(200);
    flaky.failures = 1;
    expect(await runDueRefunds(workerDeps())).toBe(0);
    const [failed] = await refundsOf(group.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    // One minute after the first failure (then 2, 4, … up to 6 h).
    expect(failed?.retry_in).toBeGreaterThan(50);
    expect(failed?.retry_in).toBeLessThanOrEqual(60);
    const calls = flaky.calls.length;
    expect(await runDueRefunds(workerDeps())).toBe(0);
    expect(flaky.calls.length).toBe(calls);

    // The minute passes.
    await t.app.db.execute(sql`update refunds set next_attempt_at = now() where id = ${failed?.id ?? 0}`);
    expect(await runDueRefunds(workerDeps())).toBe(1);
    expect((await refundsOf(group.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_error: null,
    });

    // A refund that keeps failing is failed after its last attempt, for operators to see.
    const other = await placePaid('card');
    expect((await reject(other.merchant, other.store.id, other.first.number)).statusCode).toBe(200);
    const [pending] = await refundsOf(other.group.id);
    await t.app.db.execute(
      sql`update refunds set attempts = ${MAX_REFUND_ATTEMPTS - 1} where id = ${pending?.id ?? 0}`,
    );
    flaky.failures = 1;
    expect(await runDueRefunds(workerDeps())).toBe(0);
    expect((await refundsOf(other.group.id))[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_REFUND_ATTEMPTS,
    });
    // A failed refund moved no money: it does not count against what is left.
    const decided = await t.app.db.transaction((tx) =>
      decideRefund(tx, {
        storeOrderId: other.storeOrders[0]?.id ?? 0,
        amountMinor: 100,
        reason: 'operator',
        actor: { role: 'operator', userId: operator.id },
      }),
    );
    expect(decided?.amountMinor).toBe(100);
    expect(await runDueRefunds(workerDeps())).toBe(1);
  });

  it('refuses, at the sandbox, a refund above what is left of the charge', async () => {
    const { group } = await placePaid('card');
    const intent = await intentOf(group.processor_ref);
    const sandbox = createSandboxProcessor();
    const tooMuch = Math.round(Number(intent?.amount) * 100) + 1;
    await expect(sandbox.refund(t.app.db, group.processor_ref ?? '', tooMuch, 'prueba-1')).rejects.toThrow(
      /more than what is left/,
    );
    await sandbox.refund(t.app.db, group.processor_ref ?? '', 100, 'prueba-2');
    await sandbox.refund(t.app.db, group.processor_ref ?? '', 100, 'prueba-2');
    await sandbox.refund(t.app.db, group.processor_ref ?? '', 150, 'prueba-3');
    expect(await intentOf(group.processor_ref)).toMatchObject({ refunded_amount: '2.50' });
    // Undo by hand what no refund row explains, so the audit below stays about this file's refunds.
    await t.app.db.execute(
      sql`update sandbox_intents set refunded_amount = 0 where id = ${group.processor_ref}`,
    );
    await t.app.db.execute(sql`delete from sandbox_refunds where intent_id = ${group.processor_ref}`);
  });
});

describe('a paid transfer rejected by its store', () => {
  it('gives what was paid back as credit at once, with the e-mail', async () => {
    const { fixture, group, merchant, store, first, storeOrders } = await placePaid('bank_transfer');
    const total = storeOrders[0]?.total ?? '';
    const amountText = `US$ ${total.replace('.', ',')}`;
    expect((await reject(merchant, store.id, first.number)).statusCode).toBe(200);
    expect(await refundsOf(group.id)).toEqual([
      expect.objectContaining({ amount: total, status: 'succeeded', destination: 'wallet' }),
    ]);
    const ledger = await rows<{ kind: string; amount: string; group_id: number }>(
      t.database,
      sql`select kind, amount::text as amount, group_id from wallet_entries where user_id = ${fixture.user.id}`,
    );
    expect(ledger).toEqual([{ kind: 'refunded', amount: total, group_id: group.id }]);
    const [user] = await rows<{ credit: string }>(
      t.database,
      sql`select credit::text as credit from users where id = ${fixture.user.id}`,
    );
    expect(user?.credit).toBe(total);
    const mails = await outbox(fixture.user.email);
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toContain(`Te devolvimos ${amountText} de tu pedido ${first.number}`);
    expect(subjects.at(-1)).toBe(`Tu pedido ${first.number} fue rechazado`);
    expect(mails.at(-1)?.text_body).toContain(
      `Te devolvimos ${amountText} como crédito en tu cuenta de Mandado.`,
    );
    // Nothing for the worker to do.
    const calls = flaky.calls.length;
    await runDueRefunds(workerDeps());
    expect(flaky.calls.length).toBe(calls);
  });

  it('gives back, as credit, the part of a store that rejected the order before the transfer arrived', async () => {
    const fixture = await prepareCheckout(t.database, { stores: 2, price: '12.00', phone: COLOMBIAN_PHONE });
    const body = await orderBody(t.app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'bank_transfer' },
    });
    const placed = await placeOrderRequest(t.app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<PlaceOrderResult>();
    const first = order.stores[0];
    const store = fixture.stores[0];
    if (!first || !store) throw new Error('no store order');
    const merchant = await createFastUser(t.database, 'Rita');
    await addStoreMember(t.database, store.id, merchant.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/merchant/stores/${store.id}/orders/${first.number}/status/`,
      headers: merchant.headers,
      payload: { from: 'pending', to: 'rejected', reason: 'Tienda cerrada' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [group] = await rows<{ id: number }>(
      t.database,
      sql`select id from order_groups where number = ${order.number}`,
    );
    // Unpaid: nothing to give back yet.
    expect(await refundsOf(group?.id ?? 0)).toEqual([]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${order.number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-2' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [storeOrder] = await rows<{ total: string }>(
      t.database,
      sql`select total::text as total from store_orders where number = ${first.number}`,
    );
    expect(await refundsOf(group?.id ?? 0)).toEqual([
      expect.objectContaining({ amount: storeOrder?.total, status: 'succeeded', destination: 'wallet' }),
    ]);
  });
});

describe('decideRefund', () => {
  it('never lets two concurrent decisions exceed what was paid for the store order', async () => {
    const { group, storeOrders } = await placePaid('card');
    const storeOrder = storeOrders[1];
    if (!storeOrder) throw new Error('no store order');
    const totalMinor = Math.round(Number(storeOrder.total) * 100);
    const ask = Math.ceil(totalMinor * 0.7);
    const decisions = await Promise.all(
      [0, 1, 2].map(() =>
        t.app.db.transaction((tx) =>
          decideRefund(tx, {
            storeOrderId: storeOrder.id,
            amountMinor: ask,
            reason: 'line_unavailable',
            actor: { role: 'system', userId: null },
          }),
        ),
      ),
    );
    const amounts = decisions.map((decision) => decision?.amountMinor ?? 0).sort((a, b) => b - a);
    expect(amounts).toEqual([ask, totalMinor - ask, 0]);
    const sum = (await refundsOf(group.id)).reduce(
      (total, row) => total + Math.round(Number(row.amount) * 100),
      0,
    );
    expect(sum).toBe(totalMinor);
    expect(await runDueRefunds(workerDeps())).toBe(2);
  });

  it('decides nothing for a group not paid yet', async () => {
    const fixture = await prepareCheckout(t.database, { phone: COLOMBIAN_PHONE });
    const body = await orderBody(t.app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      payment: { method: 'bank_transfer' },
    });
    const placed = await placeOrderRequest(t.app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const [storeOrder] = await rows<{ id: number }>(
      t.database,
      sql`select so.id from store_orders so join order_groups g on g.id = so.group_id
          where g.number = ${placed.json<PlaceOrderResult>().order.number}`,
    );
    const decided = await t.app.db.transaction((tx) =>
      decideRefund(tx, {
        storeOrderId: storeOrder?.id ?? 0,
        amountMinor: 100,
        reason: 'operator',
        actor: { role: 'system', userId: null },
      }),
    );
    expect(decided).toBeNull();
  });
});

describe('operators', () => {
  function operatorRefund(headers: FastUser['headers'], number: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}/refunds/`,
      headers,
      payload,
    });
  }
  function record(headers: FastUser['headers'], id: number | string, reference: string) {
    return t.app.inject({
      method: 'POST',
      url: `/v1/admin/refunds/${id}/record/`,
      headers,
      payload: { reference },
    });
  }

  it('give part of a transfer back by bank transfer and record it once, with the e-mail', async () => {
    const { fixture, merchant, first, storeOrders } = await placePaid('bank_transfer');
    const created = await operatorRefund(operator.headers, first.number, {
      amount: '3.50',
      destination: 'bank',
      note: 'Devolución acordada por WhatsApp',
    });
    expect(created.statusCode, created.body).toBe(201);
    const refund = refundSchema.parse(created.json());
    expect(refund).toMatchObject({
      amount: '3.50',
      destination: 'bank',
      status: 'pending',
      reason: 'operator',
    });

    const before = (await outbox(fixture.user.email)).length;
    expect((await record(merchant.headers, refund.id, 'TRX-9')).statusCode).toBe(403);
    const recorded = await record(operator.headers, refund.id, '  TRX-9  ');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ status: 'succeeded', status_label: 'Reembolsado' });
    const [row] = await rows<{ reference: string; actor_user_id: number; settled_at: Date | null }>(
      t.database,
      sql`select reference, actor_user_id, settled_at from refunds where id = ${refund.id}`,
    );
    expect(row).toMatchObject({ reference: 'TRX-9', actor_user_id: operator.id });
    expect(row?.settled_at).not.toBeNull();
    const mails = (await outbox(fixture.user.email)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Te devolvimos US$ 3,50 de tu pedido ${first.number}`,
    ]);
    expect(mails[0]?.text_body).toContain('por transferencia bancaria.');
    expect(mails[0]?.text_body).toContain('Referencia de la transferencia: TRX-9.');

    const again = await record(operator.headers, refund.id, 'TRX-9');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: REFUND_MESSAGES.notBankRefund });
    expect((await record(operator.headers, 99_999_999, 'x')).statusCode).toBe(404);
    expect((await record(operator.headers, 'abc', 'x')).statusCode).toBe(404);
    expect((await record(operator.headers, refund.id, '   ')).statusCode).toBe(400);

    // Above what is left: 400 naming what is; a card refund of a transfer: 400.
    const total = Number(storeOrders[0]?.total);
    const tooMuch = await operatorRefund(operator.headers, first.number, {
      amount: total.toFixed(2),
      destination: 'wallet',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      amount: [REFUND_MESSAGES.aboveLeft(`US$ ${(total - 3.5).toFixed(2).replace('.', ',')}`)],
    });
    const toCard = await operatorRefund(operator.headers, first.number, {
      amount: '1.00',
      destination: 'original_payment',
    });
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json()).toEqual({ detail: REFUND_MESSAGES.destinationNotAllowed });
    for (const amount of ['0.00', '-1.00', '1', 'abc']) {
      expect(
        (await operatorRefund(operator.headers, first.number, { amount, destination: 'wallet' })).statusCode,
      ).toBe(400);
    }
    // The rest, as credit; then nothing is left.
    const rest = await operatorRefund(operator.headers, first.number, {
      amount: (total - 3.5).toFixed(2),
      destination: 'wallet',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ status: 'succeeded', destination: 'wallet' });
    const none = await operatorRefund(operator.headers, first.number, {
      amount: '0.01',
      destination: 'wallet',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ detail: REFUND_MESSAGES.nothingLeft });
  });

  it('are the only ones who reach the refund routes', async () => {
    const { merchant, fixture, first } = await placePaid('card');
    for (const user of [merchant, fixture.user]) {
      const response = await operatorRefund(user.headers, first.number, {
        amount: '1.00',
        destination: 'wallet',
      });
      expect(response.statusCode).toBe(403);
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${first.number}/refunds/`,
      payload: { amount: '1.00', destination: 'wallet' },
    });
    expect([401, 403]).toContain(visitor.statusCode);
    expect(
      (await operatorRefund(operator.headers, 'MV-999999-1', { amount: '1.00', destination: 'wallet' }))
        .statusCode,
    ).toBe(404);
  });
});
