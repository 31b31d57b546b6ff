import { REFERRAL_MESSAGES } from '@mandado/shared/help.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { referralLink } from '@mandado/shared/referral-rules';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrdersFlow } from '../src/flows/expire-unpaid-orders.flow.ts';
import { ordersContextOf } from '../src/modules/orders/orders-context.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { recordWalletEntry } from '../src/modules/wallet/wallet.service.ts';
import { createProduct, createStore, makeOperator } from './factories.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  type FastUser,
  fillCart,
  giveCredit,
  insertBeneficiary,
  orderBody,
  placeOrderRequest,
  sandboxToken,
} from './order-factories.ts';
import { registerUser, type SessionHeaders, uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * The referral program (issue 11, decision 026): the invitation call, and the ledger through registration,
 * placing, payment, decline and staff rejection.
 */

/** Low enough to reach in a test; each inviter is its own bucket. */
const INVITATIONS_PER_HOUR = 3;
const INVITER_PHONE = '+59891000111';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { invitationPerUser: { max: INVITATIONS_PER_HOUR, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  // Issue 16 A: every money move of this file left the records agreeing (decision 030).
  expect(await auditPayments(t.app.db)).toEqual([]);
  await t.close();
});

function invite(headers: Record<string, string>, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/users/send/invitation/',
    headers,
    payload: { email },
  });
}

async function tokenOf(userId: number): Promise<string> {
  const [row] = await queryRows<{ referral_token: string }>(
    t.database,
    sql`select referral_token from users where id = ${userId}`,
  );
  if (!row) throw new Error('no such user');
  return row.referral_token;
}

interface Invitee {
  id: number;
  email: string;
  headers: SessionHeaders;
}

/** Registers through the API with the inviter's token (a US phone unless told otherwise). */
async function registerInvitee(inviter: FastUser, phone = '+1 415 555 2671'): Promise<Invitee> {
  const registered = await registerUser(t.app, {
    referral_token: await tokenOf(inviter.id),
    first_name: 'Lucía',
    phone_number: phone,
  });
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from users where email = ${registered.email}`,
  );
  if (!row) throw new Error('invitee not stored');
  return { id: row.id, email: registered.email, headers: registered.headers };
}

async function ledger(userId: number) {
  return queryRows<{ kind: string; amount: string; note: string }>(
    t.database,
    sql`select kind, amount::text as amount, note from wallet_entries where user_id = ${userId} order by id`,
  );
}

async function whoami(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/whoami/', headers });
  return response.json<{ whoami: { credit: string; referral_welcome_pending: boolean } }>().whoami;
}

async function referralOf(inviteeId: number) {
  const [row] = await queryRows<{ status: string; group_id: number | null; inviter_user_id: number }>(
    t.database,
    sql`select status, group_id, inviter_user_id from referrals where invitee_user_id = ${inviteeId}`,
  );
  return row;
}

/** The invitee's cart: one product at `price` USD, `quantity` of it, and a beneficiary in Montevideo. */
async function cartOf(invitee: Invitee, price: string, quantity = 1) {
  const store = await createStore(t.database);
  const product = await createProduct(t.database, store.id, { price, currency: 'USD', stock: 20 });
  await fillCart(t.database, invitee.id, [{ productId: product.id, quantity }]);
  return insertBeneficiary(t.database, invitee.id);
}

/** The checkout's body with the welcome credit priced in, as the client computes `expected_total`. */
async function bodyWithWelcome(
  invitee: Invitee,
  beneficiaryId: string,
  options: { welcome: boolean; card?: string; payment?: { method: 'bank_transfer' } },
) {
  const body = await orderBody(t.app, invitee, {
    beneficiaryId,
    payment: options.payment ?? { method: 'card', token: sandboxToken(options.card) },
  });
  if (!options.welcome) return body;
  const due = parseMoney(body.expected_total);
  return { ...body, expected_total: formatMinorAsDecimal(due - Math.min(500, due)) };
}

describe('POST /v1/users/send/invitation/', () => {
  it('e-mails the friend the inviter’s link through the outbox and answers 201 with the spec’s copy', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const friend = uniqueEmail('amigo');
    const response = await invite(inviter.headers, `  ${friend.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      title: 'Invitación Enviada',
      detail: 'Se envió exitosamente la invitación.',
    });
    const mails = await queryRows<{ subject: string; text_body: string; html_body: string }>(
      t.database,
      sql`select subject, text_body, html_body from email_outbox where to_address = ${friend}`,
    );
    expect(mails).toHaveLength(1);
    const link = referralLink('http://localhost:3000', await tokenOf(inviter.id));
    expect(mails[0]?.text_body).toContain(link);
    expect(mails[0]?.text_body).toContain('Marta te invita a Mandado.');
    expect(mails[0]?.text_body).not.toContain('Pereira');
    expect(mails[0]?.text_body).toContain('Te regalo US$ 5 para');
    expect(mails[0]?.text_body).toContain('(desde US$ 50)');
    // The subject is ours alone: no name a stranger typed reaches it.
    expect(mails[0]?.subject).toBe('Te invitaron a Mandado: US$ 5 de regalo en tu primera compra');
    const stored = await queryRows<{ email: string }>(
      t.database,
      sql`select email from invitations where inviter_user_id = ${inviter.id}`,
    );
    expect(stored).toEqual([{ email: friend }]);
  });

  it('answers 409 for an address that already has an account, and 409 for an inbox invited this week, by anyone, under any alias', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const member = await createFastUser(t.database, 'Pablo');
    const registered = await invite(inviter.headers, member.email);
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toEqual({ detail: REFERRAL_MESSAGES.alreadyRegistered });

    const friend = uniqueEmail('amigo');
    expect((await invite(inviter.headers, friend)).statusCode).toBe(201);
    const again = await invite(inviter.headers, friend);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: REFERRAL_MESSAGES.alreadyInvited });
    const [local, domain] = friend.split('@');
    const other = await createFastUser(t.database, 'Rosa', '+59891000222');
    const alias = await invite(other.headers, `${local}+2@${domain}`);
    expect(alias.statusCode).toBe(409);
    expect(alias.json()).toEqual({ detail: REFERRAL_MESSAGES.alreadyInvited });
    const mails = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from email_outbox where to_address = ${friend}`,
    );
    expect(mails[0]?.n).toBe(1);
  });

  it('answers 400 on the e-mail field for the inviter’s own inbox, also under a +alias', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const [local, domain] = inviter.email.split('@');
    for (const email of [inviter.email, `${local}+otra@${domain}`]) {
      const response = await invite(inviter.headers, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: [REFERRAL_MESSAGES.selfInvitation] });
    }
  });

  it('answers 400 in Spanish for a bad e-mail, 401 to a visitor and 403 without the CSRF token', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const bad = await invite(inviter.headers, 'no-es-un-correo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [MESSAGES.invalidEmail] });

    const visitor = await invite(await visitorHeaders(t.app), uniqueEmail('amigo'));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: SERVER_MESSAGES.notAuthenticated });

    const { 'x-csrftoken': _csrf, ...withoutCsrf } = inviter.headers;
    const forged = await invite(withoutCsrf, uniqueEmail('amigo'));
    expect(forged.statusCode).toBe(403);
    const stored = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from invitations where inviter_user_id = ${inviter.id}`,
    );
    expect(stored[0]?.n).toBe(0);
  });

  it('throttles an inviter past the hourly limit with 429', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) {
      expect((await invite(inviter.headers, uniqueEmail('amigo'))).statusCode).toBe(201);
    }
    const throttled = await invite(inviter.headers, uniqueEmail('amigo'));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    // Another inviter has a bucket of their own.
    const other = await createFastUser(t.database, 'Pablo', '+59891000222');
    expect((await invite(other.headers, uniqueEmail('amigo'))).statusCode).toBe(201);
  });
});

describe('registration through an invitation', () => {
  it('links the account and opens a pending referral; who-am-I says the welcome credit waits', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const [user] = await queryRows<{ referred_by_user_id: number | null }>(
      t.database,
      sql`select referred_by_user_id from users where id = ${invitee.id}`,
    );
    expect(user?.referred_by_user_id).toBe(inviter.id);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', inviter_user_id: inviter.id });
    expect(await whoami(invitee.headers)).toMatchObject({ referral_welcome_pending: true, credit: '0.00' });
    expect(await whoami(inviter.headers)).toMatchObject({ referral_welcome_pending: false });
  });

  it('creates a self-referral (the inviter’s phone) without link or row, and without an error', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter, INVITER_PHONE);
    const [user] = await queryRows<{ referred_by_user_id: number | null }>(
      t.database,
      sql`select referred_by_user_id from users where id = ${invitee.id}`,
    );
    expect(user?.referred_by_user_id).toBeNull();
    expect(await referralOf(invitee.id)).toBeUndefined();
    expect(await whoami(invitee.headers)).toMatchObject({ referral_welcome_pending: false });
  });
});

describe('the welcome credit and the inviter’s reward', () => {
  it('gives both 5 on the invitee’s first paid card order whose goods reach 50', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '25.00', 2);
    const body = await bodyWithWelcome(invitee, beneficiaryId, { welcome: true });
    const response = await placeOrderRequest(t.app, invitee, body);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json<{
      order: { number: string; credit: string };
      payment: { status: string };
    }>();
    expect(placed.payment.status).toBe('succeeded');
    expect(placed.order.credit).toBe('5.00');

    expect(await ledger(invitee.id)).toEqual([
      { kind: 'earned', amount: '5.00', note: REFERRAL_MESSAGES.welcomeNote },
      { kind: 'spent', amount: '-5.00', note: `Pedido ${placed.order.number}` },
    ]);
    expect(await ledger(inviter.id)).toEqual([
      { kind: 'earned', amount: '5.00', note: REFERRAL_MESSAGES.inviterNote('Lucía') },
    ]);
    expect(await whoami(inviter.headers)).toMatchObject({ credit: '5.00' });
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00', referral_welcome_pending: false });
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'rewarded' });
    const mails = await queryRows<{ subject: string }>(
      t.database,
      sql`select subject from email_outbox where to_address = ${inviter.email}`,
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Ganaste US$ 5 de crédito en Mandado']);
  });

  it('gives nothing for goods of 49.99, and the referral keeps waiting', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '49.99');
    const response = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, { welcome: false }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ payment: { status: string } }>().payment.status).toBe('succeeded');
    expect(await ledger(invitee.id)).toEqual([]);
    expect(await ledger(inviter.id)).toEqual([]);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', group_id: null });
    expect(await whoami(invitee.headers)).toMatchObject({ referral_welcome_pending: true });
  });

  it('reverses the welcome credit of a declined order; the next qualifying order gets it', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '60.00');
    const declined = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, { welcome: true, card: '4000 0000 0000 0002' }),
    );
    expect(declined.statusCode, declined.body).toBe(402);
    expect((await ledger(invitee.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['earned', '5.00'],
      ['spent', '-5.00'],
      ['refunded', '5.00'],
      ['reversed', '-5.00'],
    ]);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', group_id: null });
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00', referral_welcome_pending: true });
    expect(await ledger(inviter.id)).toEqual([]);

    const paid = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, { welcome: true }),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'rewarded' });
    expect((await ledger(inviter.id)).map((entry) => entry.amount)).toEqual(['5.00']);
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00' });
  });

  it('reverses both rewards when staff reject the whole paid order, the inviter’s capped at what is left', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '50.00');
    const placed = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, { welcome: true }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;
    // The inviter already spent 3 of the 5 earned.
    await recordWalletEntry(t.database.db, {
      userId: inviter.id,
      kind: 'spent',
      amount: '-3.00',
      groupId: null,
      note: 'Otro pedido',
    });

    const operator = await createFastUser(t.database, 'Olga');
    await makeOperator(t.database, operator.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}-1/status/`,
      headers: operator.headers,
      payload: { from: 'approved', to: 'rejected', reason: 'Sin stock en la tienda' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    expect((await ledger(invitee.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['earned', '5.00'],
      ['spent', '-5.00'],
      ['refunded', '5.00'],
      ['reversed', '-5.00'],
    ]);
    const inviterLedger = await ledger(inviter.id);
    expect(inviterLedger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['earned', '5.00'],
      ['spent', '-3.00'],
      ['reversed', '-2.00'],
    ]);
    expect(inviterLedger[2]?.note).toBe(
      `${REFERRAL_MESSAGES.inviterReversedNote('Lucía')} (US$ 3,00 ya se había usado)`,
    );
    expect(await whoami(inviter.headers)).toMatchObject({ credit: '0.00' });
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00', referral_welcome_pending: true });
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', group_id: null });
  });

  it('rewards the inviter when an operator marks the invitee’s transfer paid', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter, COLOMBIAN_PHONE);
    const beneficiaryId = await cartOf(invitee, '55.00');
    const placed = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, {
        welcome: true,
        payment: { method: 'bank_transfer' },
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'applied' });
    expect(await ledger(inviter.id)).toEqual([]);

    const operator = await createFastUser(t.database, 'Olga');
    await makeOperator(t.database, operator.id);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-1234' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ledger(inviter.id)).toEqual([
      { kind: 'earned', amount: '5.00', note: REFERRAL_MESSAGES.inviterNote('Lucía') },
    ]);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'rewarded' });
  });

  it('gives the welcome credit once when two placements by the invitee race', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '50.00');
    const body = await bodyWithWelcome(invitee, beneficiaryId, { welcome: true });
    const answers = await Promise.all([
      placeOrderRequest(t.app, invitee, body),
      placeOrderRequest(t.app, invitee, body),
    ]);
    for (const answer of answers) expect([201, 402, 409], answer.body).toContain(answer.statusCode);

    const paidGroups = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from order_groups where remitter_id = ${invitee.id} and payment_status = 'paid'`,
    );
    expect(paidGroups[0]?.n).toBe(1);
    const entries = await ledger(invitee.id);
    const welcomeNet = entries
      .filter(
        (entry) =>
          entry.note === REFERRAL_MESSAGES.welcomeNote ||
          entry.note.startsWith(REFERRAL_MESSAGES.welcomeReversedNote),
      )
      .reduce((sum, entry) => sum + parseMoney(entry.amount), 0);
    expect(welcomeNet).toBe(500);
    expect(await ledger(inviter.id)).toHaveLength(1);
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'rewarded' });
    // who-am-I's credit is the ledger's sum.
    const sum = entries.reduce((total, entry) => total + parseMoney(entry.amount), 0);
    expect(await whoami(invitee.headers)).toMatchObject({ credit: formatMinorAsDecimal(sum) });
  });
  it('moves the welcome credit to the newer checkout when two wait for 3-D Secure at once', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    const beneficiaryId = await cartOf(invitee, '50.00');
    const body = await bodyWithWelcome(invitee, beneficiaryId, {
      welcome: true,
      card: '4000 0027 6000 3184',
    });
    const answers = await Promise.all([
      placeOrderRequest(t.app, invitee, body),
      placeOrderRequest(t.app, invitee, body),
    ]);
    // The replaced checkout may answer 402 'Reemplazado…' when its answer is built after the replacement.
    expect(answers.map((answer) => answer.statusCode)).toContain(201);
    for (const answer of answers) expect([201, 402], answer.body).toContain(answer.statusCode);
    const groups = await queryRows<{ id: number; status: string }>(
      t.database,
      sql`select id, status from order_groups where remitter_id = ${invitee.id} order by id`,
    );
    expect(groups.map((group) => group.status)).toEqual(['cancelled', 'awaiting_payment']);
    // The replaced checkout gave its welcome credit back; the waiting one carries it, once.
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'applied', group_id: groups[1]?.id });
    const entries = await ledger(invitee.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['earned', '5.00'],
      ['spent', '-5.00'],
      ['refunded', '5.00'],
      ['reversed', '-5.00'],
      ['earned', '5.00'],
      ['spent', '-5.00'],
    ]);
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00', referral_welcome_pending: false });
  });
  it('refunds a store order’s credit share once: staff reject one, the expiry releases only the rest', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter, COLOMBIAN_PHONE);
    await giveCredit(t.database, invitee.id, '4.00');
    const products = [];
    for (let i = 0; i < 2; i += 1) {
      const store = await createStore(t.database);
      products.push(await createProduct(t.database, store.id, { price: '30.00', currency: 'USD', stock: 5 }));
    }
    await fillCart(
      t.database,
      invitee.id,
      products.map((product) => ({ productId: product.id, quantity: 1 })),
    );
    const beneficiaryId = await insertBeneficiary(t.database, invitee.id);
    const body = await orderBody(t.app, invitee, {
      beneficiaryId,
      payment: { method: 'bank_transfer' },
      credit: '4.00',
    });
    const placed = await placeOrderRequest(t.app, invitee, {
      ...body,
      expected_total: formatMinorAsDecimal(parseMoney(body.expected_total) - 500),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: { number: string; credit: string } }>().order;
    expect(order.credit).toBe('9.00');
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00' });

    const operator = await createFastUser(t.database, 'Olga');
    await makeOperator(t.database, operator.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${order.number}-1/status/`,
      headers: operator.headers,
      payload: { from: 'pending', to: 'rejected', reason: 'La tienda cerró' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The rejected store order's 4.50 comes back, but its welcome part (4.50 × 5 / 9 = 2.50) is taken back
    // at once: only the remitter's own 2.00 is spendable, so no gift can be parked in another order.
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '2.00' });
    await expireUnpaidOrdersFlow(ordersContextOf(t.app), new Date(Date.now() + 30 * 24 * 3600 * 1000));

    const entries = await ledger(invitee.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['adjustment', '4.00'],
      ['earned', '5.00'],
      ['spent', '-9.00'],
      ['refunded', '4.50'],
      ['reversed', '-2.50'],
      ['refunded', '4.50'],
      ['reversed', '-2.50'],
    ]);
    const refunded = entries
      .filter((entry) => entry.kind === 'refunded')
      .reduce((sum, entry) => sum + parseMoney(entry.amount), 0);
    expect(refunded).toBe(900);
    // Exactly the remitter's own 4.00 back: the welcome credit went back to waiting, nothing paid twice.
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '4.00', referral_welcome_pending: true });
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', group_id: null });
    expect(await ledger(inviter.id)).toEqual([]);
  });

  it('keeps the gift waiting when the chosen credit already pays the whole order: none of it is left over', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter);
    await giveCredit(t.database, invitee.id, '80.00');
    const beneficiaryId = await cartOf(invitee, '50.00');
    const body = await orderBody(t.app, invitee, { beneficiaryId, credit: '80.00', delivery: 'pickup' });
    expect(body.expected_total).toBe('0.00');
    const placed = await placeOrderRequest(t.app, invitee, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await ledger(invitee.id)).map((entry) => entry.kind)).toEqual(['adjustment', 'spent']);
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '30.00', referral_welcome_pending: true });
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending' });
  });

  it('does not reward the inviter for a transfer marked paid after every store rejected the order', async () => {
    const inviter = await createFastUser(t.database, 'Marta', INVITER_PHONE);
    const invitee = await registerInvitee(inviter, COLOMBIAN_PHONE);
    const beneficiaryId = await cartOf(invitee, '55.00');
    const placed = await placeOrderRequest(
      t.app,
      invitee,
      await bodyWithWelcome(invitee, beneficiaryId, { welcome: true, payment: { method: 'bank_transfer' } }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;
    const operator = await createFastUser(t.database, 'Olga');
    await makeOperator(t.database, operator.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${number}-1/status/`,
      headers: operator.headers,
      payload: { from: 'pending', to: 'rejected', reason: 'La tienda cerró' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The only store order is gone: the welcome credit went back to waiting, with nothing left to spend.
    expect(await referralOf(invitee.id)).toMatchObject({ status: 'pending', group_id: null });
    expect(await whoami(invitee.headers)).toMatchObject({ credit: '0.00', referral_welcome_pending: true });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-9999' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ledger(inviter.id)).toEqual([]);
  });
});
