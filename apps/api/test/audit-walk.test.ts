import { randomBytes } from 'node:crypto';
import { rutCheckDigit } from '@mandado/shared/rut';
import { statementWeekOf } from '@mandado/shared/statements';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_TABLE } from '../src/modules/admin/admin.routes.ts';
import { COURIER_LINK_ROUTE_TABLE } from '../src/modules/courier/courier.routes.ts';
import { MERCHANT_ROUTE_TABLE } from '../src/modules/merchant/merchant.routes.ts';
import { totpCode } from '../src/modules/second-factor/totp.ts';
import { enqueueWebhookEvent } from '../src/modules/webhooks/webhooks.service.ts';
import {
  addStoreMember,
  cityId,
  createProduct,
  createStore,
  makeOperator,
  type TestStore,
} from './factories.ts';
import { createFastUser, type FastUser } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 27: every state change of the merchant portal and of the courier's link leaves its audit row. This
 * walks the route tables the two plugins record, calls each mutating route once with a valid request from
 * SAMPLES and checks the call succeeded and audit_events gained the row it names. A mutating route with no
 * sample (and no reason in NOT_AUDITED) fails the walk, so a new route must say how it is audited.
 */
let t: TestApp;
let store: TestStore;
let owner: FastUser;
let staff: FastUser;
let admin: FastUser;
let courier: SessionHeaders;

/** A code no fixture text contains. */
const CODE = '8642';

/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined, kickRefundWorker: () => undefined });
  store = await createStore(t.database, { name: `Almacén auditado ${Date.now()}` });
  [owner, staff, admin] = await Promise.all([
    createFastUser(t.database, 'Marta'),
    createFastUser(t.database, 'Bruno'),
    createFastUser(t.database, 'Olga'),
  ]);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  await addStoreMember(t.database, store.id, staff.id, 'staff');
  await makeOperator(t.database, admin.id, 'administracion');
  courier = await visitorHeaders(t.app);
});
afterAll(() => t.close());

interface PlacedOrder {
  id: number;
  number: string;
  lineId: number;
  token: string;
}

/**
 * A paid delivery order of the store in `status`, with the known code and a courier link; `transfer` makes
 * it a bank transfer, paid or (store orders 'pending') still awaiting its money.
 */
async function orderIn(
  status: 'pending' | 'approved' | 'ready_to_delivery' | 'in_transit',
  transfer?: 'paid' | 'pending',
): Promise<PlacedOrder & { groupNumber: string }> {
  const [remitter, product] = await Promise.all([
    createFastUser(t.database, 'Ana'),
    createProduct(t.database, store.id),
  ]);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status,
        lines: [{ productId: product.id, quantity: 2, total: '8.91' }],
      },
    ],
    ...(transfer ? { paymentMethod: 'bank_transfer' as const, paymentStatus: transfer } : {}),
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const token = `${'t'.repeat(31)}${String(storeOrder.id).padStart(12, '0')}`;
  await t.database.db.execute(
    sql`update store_orders set delivery_code = ${CODE}, courier_token = ${token} where id = ${storeOrder.id}`,
  );
  const [line] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from order_lines where store_order_id = ${storeOrder.id}`,
  );
  return {
    id: storeOrder.id,
    number: storeOrder.number,
    lineId: line?.id ?? 0,
    token,
    groupNumber: order.number,
  };
}

/** A return of a delivered order of the store, written straight in `status` (decision 076). */
async function returnIn(status: 'requested' | 'refused' | 'picked_up'): Promise<number> {
  const order = await orderIn('in_transit');
  await t.database.db.execute(
    sql`update store_orders set status = 'delivered', delivered_at = now() where id = ${order.id}`,
  );
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`insert into return_requests (group_id, store_order_id, store_id, status, requested_by, reason, refund_to, deadline_at, refusal_reason)
      select group_id, id, store_id, ${status}, 'remitter', 'Vino en otro talle.', 'card', now() + interval '7 days',
        ${status === 'refused' ? 'La prenda vino usada.' : null}
      from store_orders where id = ${order.id} returning id`,
  );
  const id = row?.id ?? 0;
  await t.database.db.execute(
    sql`insert into return_request_lines (return_request_id, order_line_id, quantity) values (${id}, ${order.lineId}, 1)`,
  );
  return id;
}

const merchant = (path: string) => `/v1/merchant/stores/${store.id}${path}`;

function json(method: InjectOptions['method'], url: string, payload?: object): InjectOptions {
  return { method, url, headers: owner.headers, ...(payload ? { payload } : {}) };
}

function asAdmin(method: InjectOptions['method'], url: string, payload?: object): InjectOptions {
  return { method, url, headers: admin.headers, ...(payload ? { payload } : {}) };
}

/** Another store, for the back office's store moves (so the walk's own store stays open). */
async function otherStore(status?: 'suspended'): Promise<TestStore> {
  const other = await createStore(t.database);
  if (status) await t.database.db.execute(sql`update stores set status = ${status} where id = ${other.id}`);
  return other;
}

/** A pending operator grant another administrator asked for, so the walk's operator may decide it. */
async function grantAskedByAnother(): Promise<number> {
  const [asker, grantee] = await Promise.all([createFastUser(t.database), createFastUser(t.database)]);
  await makeOperator(t.database, asker.id, 'administracion');
  const asked = await t.app.inject({
    method: 'PUT',
    url: `/v1/admin/people/${grantee.id}/operator/`,
    headers: asker.headers,
    payload: { group: 'soporte' },
  });
  expect(asked.statusCode, asked.body).toBeLessThan(300);
  const listed = await t.app.inject({
    method: 'GET',
    url: '/v1/admin/operator-grants/',
    headers: asker.headers,
  });
  const grants = listed.json<{ results: { id: number; user_id: number }[] }>();
  const grant = grants.results.find((item) => item.user_id === grantee.id);
  if (!grant) throw new Error(`no pending grant for ${grantee.id}: ${listed.body}`);
  return grant.id;
}

function image(url: string, headers: Record<string, string>): InjectOptions {
  return { method: 'POST', url, headers: { ...headers, 'content-type': 'image/png' }, payload: PNG };
}

function courierJson(url: string, payload?: object): InjectOptions {
  return { method: 'POST', url, headers: courier, ...(payload ? { payload } : {}) };
}

interface Sample {
  /** The action code the row must carry. */
  action: string;
  /** Builds the request (and whatever it acts on). */
  request: () => Promise<InjectOptions>;
}

/** One valid call per mutating route, keyed as the route tables key them. */
const SAMPLES: Record<string, Sample> = {
  'PUT /v1/merchant/stores/:id/availability/': {
    action: 'store.availability',
    request: async () =>
      json('PUT', merchant('/availability/'), {
        paused_until: new Date(Date.now() + 3600_000).toISOString(),
        closure: null,
      }),
  },
  'POST /v1/merchant/stores/:id/orders/:number/status/': {
    // The tester's case: a rejection that refunds the card.
    action: 'store_order.status_changed',
    request: async () => {
      const order = await orderIn('approved');
      return json('POST', merchant(`/orders/${order.number}/status/`), {
        from: 'approved',
        to: 'rejected',
        reason: 'Nos quedamos sin stock.',
      });
    },
  },
  'POST /v1/merchant/stores/:id/orders/:number/seen/': {
    action: 'store_order.seen',
    request: async () => json('POST', merchant(`/orders/${(await orderIn('approved')).number}/seen/`)),
  },
  'POST /v1/merchant/stores/:id/orders/:number/lines/:lineId/availability/': {
    action: 'store_order.line_changed',
    request: async () => {
      const order = await orderIn('approved');
      return json('POST', merchant(`/orders/${order.number}/lines/${order.lineId}/availability/`), {
        from: 'approved',
        available_quantity: 1,
      });
    },
  },
  'POST /v1/merchant/stores/:id/orders/:number/lines/:lineId/substitute-question/': {
    action: 'store_order.substitute_proposed',
    request: async () => {
      const order = await orderIn('approved');
      const substitute = await createProduct(t.database, store.id, { price: '1.00', currency: 'USD' });
      return json('POST', merchant(`/orders/${order.number}/lines/${order.lineId}/substitute-question/`), {
        from: 'approved',
        available_quantity: 0,
        substitute: { product_id: substitute.id, quantity: 2 },
      });
    },
  },
  'POST /v1/merchant/stores/:id/returns/:returnId/decision/': {
    action: 'return.accepted',
    request: async () =>
      json('POST', merchant(`/returns/${await returnIn('requested')}/decision/`), { accept: true }),
  },
  'POST /v1/merchant/stores/:id/returns/:returnId/received/': {
    action: 'return.received',
    request: async () => json('POST', merchant(`/returns/${await returnIn('picked_up')}/received/`)),
  },
  'PUT /v1/merchant/stores/:id/preparation/': {
    action: 'store.preparation',
    request: async () =>
      json('PUT', merchant('/preparation/'), { auto_accept: false, preparation_minutes: 30 }),
  },
  'PUT /v1/merchant/stores/:id/substitution-wait/': {
    action: 'store.substitution_wait',
    request: async () => json('PUT', merchant('/substitution-wait/'), { wait_minutes: 30 }),
  },
  'POST /v1/merchant/stores/:id/orders/:number/deliver/': {
    action: 'store_order.delivered',
    request: async () =>
      json('POST', merchant(`/orders/${(await orderIn('ready_to_delivery')).number}/deliver/`), {
        recipient_name: 'Rosa Fernández',
        code: CODE,
      }),
  },
  'POST /v1/merchant/stores/:id/products/import/': {
    action: 'product.import',
    request: async () => ({
      method: 'POST',
      // A category the store may not have yet is confirmed by name (issue 31: never created silently).
      url: merchant('/products/import/?confirm_category=Almac%C3%A9n'),
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload:
        'nombre;descripcion;categoria;precio;precio_descuento;stock;activo\r\nYerba 1 kg;;Almacén;245,50;;20;sí\r\n',
    }),
  },
  'POST /v1/merchant/stores/:id/products/': {
    action: 'product.created',
    request: async () => json('POST', merchant('/products/'), await productBody()),
  },
  'PUT /v1/merchant/stores/:id/products/:productId/': {
    action: 'product.updated',
    request: async () => {
      const product = await createProduct(t.database, store.id);
      return json('PUT', merchant(`/products/${product.id}/`), await productBody());
    },
  },
  'POST /v1/merchant/stores/:id/products/:productId/stock/': {
    action: 'product.stock',
    request: async () => {
      const product = await createProduct(t.database, store.id);
      return json('POST', merchant(`/products/${product.id}/stock/`), { delta: 3 });
    },
  },
  'POST /v1/merchant/stores/:id/product-images/': {
    action: 'product.photo_uploaded',
    request: async () => image(merchant('/product-images/'), owner.headers),
  },
  'POST /v1/merchant/stores/:id/invitations/': {
    action: 'member.invited',
    request: async () =>
      json('POST', merchant('/invitations/'), { email: `nuevo.${Date.now()}@ejemplo.com`, role: 'staff' }),
  },
  'DELETE /v1/merchant/stores/:id/invitations/:invitationId/': {
    action: 'member.invitation_revoked',
    request: async () => {
      const sent = await t.app.inject(
        json('POST', merchant('/invitations/'), { email: `otro.${Date.now()}@ejemplo.com`, role: 'staff' }),
      );
      expect(sent.statusCode, sent.body).toBe(204);
      const [pending] = await queryRows<{ id: number }>(
        t.database,
        sql`select id from store_invitations where store_id = ${store.id} order by id desc limit 1`,
      );
      return json('DELETE', merchant(`/invitations/${pending?.id}/`));
    },
  },
  'DELETE /v1/merchant/stores/:id/members/:userId/': {
    action: 'member.removed',
    request: async () => json('DELETE', merchant(`/members/${staff.id}/`)),
  },
  'PUT /v1/merchant/stores/:id/profile/': {
    action: 'store.profile',
    request: async () =>
      json('PUT', merchant('/profile/'), {
        name: `Almacén Renovado ${Date.now()}`,
        phone: '099 123 456',
        address_line1: 'Av. 18 de Julio 1500',
        address_line2: 'Local 2',
        latitude: -34.9055,
        longitude: -56.1851,
      }),
  },
  'PUT /v1/merchant/stores/:id/payout-account/': {
    action: 'store.payout_account_changed',
    request: async () =>
      json('PUT', merchant('/payout-account/'), {
        bank: 'brou',
        account_number: '001234567-00001',
        holder_name: 'Almacén Renovado S.A.',
        holder_document: '1.234.567-2',
      }),
  },
  'PUT /v1/merchant/stores/:id/delivery-windows/': {
    action: 'store.delivery_windows',
    request: async () =>
      json('PUT', merchant('/delivery-windows/'), {
        windows: [{ weekday: 'monday', from: '09:00', to: '13:00', capacity: 5, cutoff_minutes: 60 }],
      }),
  },
  'PUT /v1/merchant/stores/:id/hours/': {
    action: 'store.hours',
    request: async () =>
      json('PUT', merchant('/hours/'), {
        hours: {
          monday: [{ from: '09:00', to: '18:00' }],
          tuesday: [],
          wednesday: [],
          thursday: [],
          friday: [],
          saturday: [],
          sunday: [],
        },
      }),
  },
  'POST /v1/merchant/stores/:id/logo/': {
    action: 'store.logo',
    request: async () => image(merchant('/logo/'), owner.headers),
  },
  'POST /v1/courier/:token/picked-up/': {
    action: 'store_order.picked_up',
    request: async () => courierJson(`/v1/courier/${(await orderIn('ready_to_delivery')).token}/picked-up/`),
  },
  'POST /v1/courier/:token/arrived/': {
    action: 'store_order.courier_arrived',
    request: async () => courierJson(`/v1/courier/${(await orderIn('in_transit')).token}/arrived/`),
  },
  'POST /v1/courier/:token/attempts/': {
    action: 'store_order.delivery_attempt',
    request: async () =>
      courierJson(`/v1/courier/${(await orderIn('in_transit')).token}/attempts/`, {
        reason: 'nobody_home',
        note: '',
      }),
  },
  'POST /v1/courier/:token/delivered/': {
    action: 'store_order.delivered',
    request: async () =>
      courierJson(`/v1/courier/${(await orderIn('in_transit')).token}/delivered/`, {
        recipient_name: 'Rosa Fernández',
        code: CODE,
        photo_id: null,
      }),
  },
  'POST /v1/courier/:token/photos/': {
    action: 'store_order.proof_photo',
    request: async () => image(`/v1/courier/${(await orderIn('in_transit')).token}/photos/`, courier),
  },
};

/** The back office's state changes: an operator of administración, on things made for each call. */
const ADMIN_SAMPLES: Record<string, Sample> = {
  'POST /v1/admin/returns/:id/overrule/': {
    action: 'return.overruled',
    request: async () =>
      asAdmin('POST', `/v1/admin/returns/${await returnIn('refused')}/overrule/`, {
        reason: 'Las fotos muestran la etiqueta puesta.',
      }),
  },
  'POST /v1/admin/stores/:id/suspend/': {
    action: 'store.suspended',
    request: async () =>
      asAdmin('POST', `/v1/admin/stores/${(await otherStore()).id}/suspend/`, { reason: 'Reclamos.' }),
  },
  'POST /v1/admin/stores/:id/reopen/': {
    action: 'store.reopened',
    request: async () => asAdmin('POST', `/v1/admin/stores/${(await otherStore('suspended')).id}/reopen/`),
  },
  'PUT /v1/admin/stores/:id/commission/': {
    action: 'store.commission_changed',
    request: async () =>
      asAdmin('PUT', `/v1/admin/stores/${(await otherStore()).id}/commission/`, { commission_rate: 12.5 }),
  },
  'POST /v1/admin/stores/:id/members/': {
    action: 'member.added',
    request: async () => {
      const person = await createFastUser(t.database, 'Lucía');
      return asAdmin('POST', `/v1/admin/stores/${(await otherStore()).id}/members/`, {
        email: person.email,
        role: 'staff',
      });
    },
  },
  'DELETE /v1/admin/stores/:id/members/:userId/': {
    action: 'member.removed',
    request: async () => {
      const [other, person] = await Promise.all([otherStore(), createFastUser(t.database, 'Lucía')]);
      await addStoreMember(t.database, other.id, person.id, 'staff');
      return asAdmin('DELETE', `/v1/admin/stores/${other.id}/members/${person.id}/`);
    },
  },
  'PUT /v1/admin/people/:id/operator/': {
    // Granting a group waits for a second operator (decision 053): the request is what this route records.
    action: 'operator.grant_requested',
    request: async () =>
      asAdmin('PUT', `/v1/admin/people/${(await createFastUser(t.database)).id}/operator/`, {
        group: 'soporte',
      }),
  },
  'POST /v1/admin/operator-grants/:id/approve/': {
    action: 'operator.granted',
    request: async () => asAdmin('POST', `/v1/admin/operator-grants/${await grantAskedByAnother()}/approve/`),
  },
  'POST /v1/admin/operator-grants/:id/reject/': {
    action: 'operator.grant_rejected',
    request: async () => asAdmin('POST', `/v1/admin/operator-grants/${await grantAskedByAnother()}/reject/`),
  },
  'POST /v1/admin/people/:id/second-factor/reset/': {
    action: 'account.second_factor_removed',
    request: async () => {
      const member = await createFastUser(t.database, 'Lucía');
      await makeOperator(t.database, member.id, 'soporte');
      const enrollment = await t.app.inject({
        method: 'POST',
        url: '/v1/second-factor/enrollment/',
        headers: member.headers,
      });
      const { secret } = enrollment.json<{ secret: string }>();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/v1/second-factor/enrollment/confirm/',
        headers: member.headers,
        payload: { code: totpCode(secret, Date.now()) },
      });
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
      return asAdmin('POST', `/v1/admin/people/${member.id}/second-factor/reset/`);
    },
  },
  'POST /v1/admin/people/:id/memberships/': {
    action: 'member.added',
    request: async () =>
      asAdmin('POST', `/v1/admin/people/${(await createFastUser(t.database)).id}/memberships/`, {
        store_id: (await otherStore()).id,
        role: 'staff',
      }),
  },
  'DELETE /v1/admin/people/:id/memberships/:storeId/': {
    action: 'member.removed',
    request: async () => {
      const [other, person] = await Promise.all([otherStore(), createFastUser(t.database, 'Lucía')]);
      await addStoreMember(t.database, other.id, person.id, 'staff');
      return asAdmin('DELETE', `/v1/admin/people/${person.id}/memberships/${other.id}/`);
    },
  },
  'POST /v1/admin/people/:id/lock/': {
    action: 'account.locked',
    request: async () =>
      asAdmin('POST', `/v1/admin/people/${(await createFastUser(t.database)).id}/lock/`, {
        reason: 'Fraude',
      }),
  },
  'POST /v1/admin/people/:id/unlock/': {
    action: 'account.unlocked',
    request: async () => {
      const person = await createFastUser(t.database);
      const locked = await t.app.inject(
        asAdmin('POST', `/v1/admin/people/${person.id}/lock/`, { reason: 'x' }),
      );
      expect(locked.statusCode, locked.body).toBe(200);
      return asAdmin('POST', `/v1/admin/people/${person.id}/unlock/`);
    },
  },
  'POST /v1/admin/people/:id/wallet/adjustments/': {
    action: 'wallet.adjusted',
    request: async () => ({
      ...asAdmin('POST', `/v1/admin/people/${(await createFastUser(t.database)).id}/wallet/adjustments/`, {
        amount: '10,50',
        reason: 'Compensación por demora',
      }),
      headers: { ...admin.headers, 'idempotency-key': `ajuste-${randomBytes(6).toString('hex')}` },
    }),
  },
  'POST /v1/admin/store-orders/:number/status/': {
    action: 'store_order.status_changed',
    request: async () =>
      asAdmin('POST', `/v1/admin/store-orders/${(await orderIn('approved')).number}/status/`, {
        from: 'approved',
        to: 'preparing_to_delivery',
      }),
  },
  'POST /v1/admin/store-orders/:number/courier-link/reopen/': {
    action: 'courier_link.reopened',
    request: async () => {
      const order = await orderIn('in_transit');
      await t.database.db.execute(
        sql`update store_orders set code_failures = 5, courier_locked_at = now() where id = ${order.id}`,
      );
      return asAdmin('POST', `/v1/admin/store-orders/${order.number}/courier-link/reopen/`);
    },
  },
  'POST /v1/admin/orders/:number/notes/': {
    action: 'order.note_added',
    request: async () =>
      asAdmin('POST', `/v1/admin/orders/${(await orderIn('approved')).groupNumber}/notes/`, {
        body: 'Llamé a la tienda.',
      }),
  },
  'POST /v1/admin/orders/:number/mark-paid/': {
    action: 'order.mark_paid',
    request: async () =>
      asAdmin('POST', `/v1/admin/orders/${(await orderIn('pending', 'pending')).groupNumber}/mark-paid/`, {
        reference: 'BROU 12345',
      }),
  },
  'POST /v1/admin/orders/:number/cancel/': {
    action: 'order.cancelled',
    request: async () =>
      asAdmin('POST', `/v1/admin/orders/${(await orderIn('pending', 'pending')).groupNumber}/cancel/`, {
        reason: 'La remitente pidió cancelarlo',
      }),
  },
  'POST /v1/admin/orders/:number/emails/:id/resend/': {
    action: 'order.email_resent',
    request: async () => {
      const order = await orderIn('approved');
      const rejected = await t.app.inject(
        json('POST', merchant(`/orders/${order.number}/status/`), {
          from: 'approved',
          to: 'rejected',
          reason: 'Sin stock.',
        }),
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      const [email] = await queryRows<{ id: number }>(
        t.database,
        sql`select e.id from email_outbox e join order_groups g on g.id = e.group_id
            where g.number = ${order.groupNumber} order by e.id limit 1`,
      );
      return asAdmin('POST', `/v1/admin/orders/${order.groupNumber}/emails/${email?.id}/resend/`);
    },
  },
  'POST /v1/admin/store-orders/:number/refunds/': {
    action: 'refund.created',
    request: async () =>
      asAdmin('POST', `/v1/admin/store-orders/${(await orderIn('approved')).number}/refunds/`, {
        amount: '1.00',
        destination: 'wallet',
        note: 'Llegó roto',
      }),
  },
  // Issue 29: the family's 'Falta algo' on the tracking link, refunded in one click from the support inbox.
  'POST /v1/admin/receipt-claims/:id/refund/': {
    action: 'receipt_claim.refunded',
    request: async () => {
      const order = await orderIn('in_transit');
      await t.database.db.execute(
        sql`update store_orders set status = 'delivered', delivered_at = now() where id = ${order.id}`,
      );
      const [group] = await queryRows<{ token: string }>(
        t.database,
        sql`select g.tracking_token as token from order_groups g join store_orders s on s.group_id = g.id where s.id = ${order.id}`,
      );
      const claimed = await t.app.inject({
        method: 'POST',
        url: `/v1/tracking/${group?.token}/stores/${order.number}/receipt/`,
        headers: courier,
        payload: { answer: 'missing', lines: [{ line: 0, quantity: 1 }] },
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      const [claim] = await queryRows<{ id: number }>(
        t.database,
        sql`select id from store_order_receipts where store_order_id = ${order.id}`,
      );
      return asAdmin('POST', `/v1/admin/receipt-claims/${claim?.id}/refund/`);
    },
  },
  // Decision 078: a fiscal document the provider refused, sent again by an operator.
  'POST /v1/admin/fiscal-documents/:id/retry/': {
    action: 'fiscal_document.retried',
    request: async () => {
      const [doc] = await queryRows<{ id: number }>(
        t.database,
        sql`insert into fiscal_documents (source_key, kind, issuer, store_id, week_start, status, attempts, last_error)
            values (${`commission:${store.id}:2026-11-16`}, 'commission', 'mandado', ${store.id}, '2026-11-16', 'failed', 1,
                    'CFE provider answered 422: {"error":"RUT receptor inválido"}')
            returning id`,
      );
      return asAdmin('POST', `/v1/admin/fiscal-documents/${doc?.id}/retry/`);
    },
  },
  'POST /v1/admin/refunds/:id/record/': {
    action: 'refund.recorded',
    request: async () => {
      const order = await orderIn('approved', 'paid');
      const created = await t.app.inject(
        asAdmin('POST', `/v1/admin/store-orders/${order.number}/refunds/`, {
          amount: '3.50',
          destination: 'bank',
          note: 'Devolución acordada por WhatsApp',
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      return asAdmin('POST', `/v1/admin/refunds/${created.json<{ id: number }>().id}/record/`, {
        reference: 'TRX-9',
      });
    },
  },
  'POST /v1/admin/support/:kind/:id/assign/': {
    action: 'support.assigned',
    request: async () =>
      asAdmin('POST', `/v1/admin/support/contact-messages/${await contactMessage()}/assign/`, {
        user_id: admin.id,
      }),
  },
  'POST /v1/admin/support/:kind/:id/handled/': {
    action: 'support.handled',
    request: async () =>
      asAdmin('POST', `/v1/admin/support/contact-messages/${await contactMessage()}/handled/`, {
        handled: true,
      }),
  },
  'POST /v1/admin/support/:kind/:id/replies/': {
    action: 'support.replied',
    request: async () =>
      asAdmin('POST', `/v1/admin/support/contact-messages/${await contactMessage()}/replies/`, {
        body: 'Sí, entregamos en Punta del Este.',
      }),
  },
  'POST /v1/admin/store-applications/:id/approve/': {
    action: 'store_application.approved',
    request: async () => asAdmin('POST', `/v1/admin/store-applications/${await storeApplication()}/approve/`),
  },
  'POST /v1/admin/store-applications/:id/reject/': {
    action: 'store_application.rejected',
    request: async () =>
      asAdmin('POST', `/v1/admin/store-applications/${await storeApplication()}/reject/`, {
        reason: 'No vende en Montevideo.',
      }),
  },
  'POST /v1/admin/webhook-deliveries/:id/replay/': {
    action: 'webhook.delivery_replayed',
    request: async () => {
      const endpoint = await webhookEndpoint();
      await t.database.db.transaction((tx) =>
        enqueueWebhookEvent(tx, 'order.paid', { order_number: 'MV-1' }),
      );
      const [delivery] = await queryRows<{ id: number }>(
        t.database,
        sql`select id from webhook_deliveries where endpoint_id = ${endpoint} order by id limit 1`,
      );
      return asAdmin('POST', `/v1/admin/webhook-deliveries/${delivery?.id}/replay/`);
    },
  },
  'POST /v1/admin/bank-statements/': {
    action: 'bank_statement.import',
    request: async () => asAdmin('POST', '/v1/admin/bank-statements/', bankStatement()),
  },
  'POST /v1/admin/bank-statements/:id/confirm/': {
    action: 'bank_statement.confirm',
    request: async () => {
      const preview = await t.app.inject(asAdmin('POST', '/v1/admin/bank-statements/', bankStatement()));
      expect(preview.statusCode, preview.body).toBeLessThan(300);
      return asAdmin('POST', `/v1/admin/bank-statements/${preview.json<{ id: number }>().id}/confirm/`, {});
    },
  },
  'POST /v1/admin/statements/stores/:id/:week/paid/': {
    action: 'statement.paid',
    request: async () => {
      const { storeId, week } = await deliveredLastWeek();
      return asAdmin('POST', `/v1/admin/statements/stores/${storeId}/${week}/paid/`, {
        reference: 'TRF-881',
      });
    },
  },
  'POST /v1/admin/statements/shipping/:week/paid/': {
    action: 'statement.shipping_paid',
    request: async () =>
      asAdmin('POST', `/v1/admin/statements/shipping/${(await deliveredLastWeek()).week}/paid/`, {
        reference: 'REP-77',
      }),
  },
  'PUT /v1/admin/zones/': {
    action: 'zones.replaced',
    request: async () => {
      const longitude = -56.17;
      const latitude = -34.9;
      const half = 0.05;
      const ring = [
        [longitude - half, latitude - half],
        [longitude + half, latitude - half],
        [longitude + half, latitude + half],
        [longitude - half, latitude + half],
        [longitude - half, latitude - half],
      ];
      return asAdmin('PUT', '/v1/admin/zones/', {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'Centro ampliado', kind: 'service_area' },
            geometry: { type: 'Polygon', coordinates: [ring] },
          },
        ],
      });
    },
  },
  'PUT /v1/admin/settings/:key/': {
    action: 'setting.changed',
    request: async () => asAdmin('PUT', '/v1/admin/settings/manual_payment_days/', { value: '6' }),
  },
  'POST /v1/admin/coupons/': {
    action: 'coupon.created',
    request: async () => asAdmin('POST', '/v1/admin/coupons/', couponBody()),
  },
  'PUT /v1/admin/coupons/:id/': {
    action: 'coupon.updated',
    request: async () => {
      const body = couponBody();
      const created = await t.app.inject(asAdmin('POST', '/v1/admin/coupons/', body));
      expect(created.statusCode, created.body).toBe(201);
      return asAdmin('PUT', `/v1/admin/coupons/${created.json<{ id: number }>().id}/`, {
        ...body,
        value: '15',
      });
    },
  },
  'PUT /v1/admin/currencies/:code/override/': {
    action: 'currency.override_set',
    request: async () => asAdmin('PUT', '/v1/admin/currencies/UYU/override/', { rate: '40.15' }),
  },
  'DELETE /v1/admin/currencies/:code/override/': {
    action: 'currency.override_removed',
    request: async () => {
      const set = await t.app.inject(asAdmin('PUT', '/v1/admin/currencies/UYU/override/', { rate: '40.20' }));
      expect(set.statusCode, set.body).toBe(200);
      return asAdmin('DELETE', '/v1/admin/currencies/UYU/override/');
    },
  },
  'POST /v1/admin/webhooks/': {
    action: 'webhook.created',
    request: async () =>
      asAdmin('POST', '/v1/admin/webhooks/', { url: 'https://socio.example/avisos', events: ['order.paid'] }),
  },
  'PUT /v1/admin/webhooks/:id/': {
    action: 'webhook.updated',
    request: async () => asAdmin('PUT', `/v1/admin/webhooks/${await webhookEndpoint()}/`, { disabled: true }),
  },
  'POST /v1/admin/webhooks/:id/rotate-secret/': {
    action: 'webhook.secret_rotated',
    request: async () => asAdmin('POST', `/v1/admin/webhooks/${await webhookEndpoint()}/rotate-secret/`),
  },
};

let couponCount = 0;
function couponBody() {
  couponCount += 1;
  return {
    code: `AUDITORIA-${couponCount}-${randomBytes(3).toString('hex')}`,
    type: 'discount_percentage',
    value: '10',
    minimum_purchase: '20',
    valid_from: null,
    valid_until: null,
    max_uses_total: 100,
    max_uses_per_user: 1,
  };
}

/** A bank statement's CSV whose one row pays nothing (unmatched): enough to import and confirm. */
function bankStatement() {
  return {
    file_name: `extracto-${randomBytes(3).toString('hex')}.csv`,
    text: `fecha;concepto;importe\n2026-11-23;Transferencia ${randomBytes(3).toString('hex')};11,00\n`,
  };
}

/** A store order of a fresh store delivered last week (a closed statement week), with shipping. */
async function deliveredLastWeek(): Promise<{ storeId: number; week: string }> {
  const week = statementWeekOf(new Date(Date.now() - 7 * 86_400_000));
  const [other, remitter] = await Promise.all([otherStore(), createFastUser(t.database, 'Ana')]);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      {
        storeId: other.id,
        status: 'delivered',
        lines: [{ productId: (await createProduct(t.database, other.id)).id, total: '100.00' }],
      },
    ],
  });
  await t.database.db.execute(sql`
    update store_orders set delivered_at = ${`${week}T15:00:00Z`}, commission_rate = '10.00',
      shipping = '4.00', total = total + 4 where id = ${order.storeOrders[0]?.id ?? 0}
  `);
  return { storeId: other.id, week };
}

/** A visitor's message through the help area, as the shop sends it; its id. */
async function contactMessage(): Promise<number> {
  const subject = `Consulta ${randomBytes(4).toString('hex')}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/contact-us-email/',
    headers: await visitorHeaders(t.app),
    payload: {
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@correo.com',
      phone: '+598 91 234 567',
      subject,
      comments: '¿Entregan en Punta del Este?',
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [message] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from contact_messages where subject = ${subject}`,
  );
  return message?.id ?? 0;
}

let rutSequence = 700;
/** 'Vende en Mandado': a fresh application with a valid RUT; its id. */
async function storeApplication(): Promise<number> {
  let rut = '';
  while (!rut) {
    rutSequence += 1;
    const first11 = `21${String(rutSequence).padStart(6, '0')}001`;
    const check = rutCheckDigit(first11);
    if (check !== null) rut = `${first11}${check}`;
  }
  const applied = await t.app.inject({
    method: 'POST',
    url: '/v1/store-applications/',
    headers: await visitorHeaders(t.app),
    payload: {
      store_name: `Óptica del Cordón ${rutSequence}`,
      kind: 'optical_shop',
      address_line1: 'Av. 18 de Julio 1900',
      city_id: await cityId(t.database),
      latitude: -34.9011,
      longitude: -56.1771,
      contact_name: 'Marta Silva',
      email: `optica.${rutSequence}.${randomBytes(3).toString('hex')}@ejemplo.com`,
      phone: '099 123 456',
      rut,
    },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  return applied.json<{ id: number }>().id;
}

async function webhookEndpoint(): Promise<number> {
  const created = await t.app.inject(
    asAdmin('POST', '/v1/admin/webhooks/', { url: 'https://socio.example/avisos', events: ['order.paid'] }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

/** Mutating routes that are no staff action on the store, and why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /v1/merchant/push/subscriptions/':
    "a member's own phone asking for notifications, not a store change",
  'DELETE /v1/merchant/push/subscriptions/': "a member's own phone turning notifications off",
};

async function productBody() {
  const [category] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from categories where store_id = ${store.id} limit 1`,
  );
  return {
    name: `Yerba de la casa ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Paquete de 1 kg.',
    category_id: category?.id ?? 0,
    price: '245,50',
    discounted_price: null,
    stock: 12,
    active: true,
    images: [],
  };
}

const ALL_SAMPLES: Record<string, Sample> = { ...SAMPLES, ...ADMIN_SAMPLES };

function mutatingRoutes(): string[] {
  return [...MERCHANT_ROUTE_TABLE.keys(), ...COURIER_LINK_ROUTE_TABLE.keys(), ...ADMIN_ROUTE_TABLE.keys()]
    .filter((key) => !key.startsWith('GET '))
    .sort();
}

async function newRows(afterId: number) {
  return queryRows<{
    action: string;
    actor_role: string;
    actor_user_id: number | null;
    store_id: number | null;
  }>(
    t.database,
    sql`select action, actor_role, actor_user_id, store_id from audit_events where id > ${afterId} order by id`,
  );
}

async function lastId(): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(
    t.database,
    sql`select max(id) as id from audit_events`,
  );
  return Number(row?.id ?? 0);
}

describe('every mutating /v1/merchant, courier-link and /v1/admin route', () => {
  it('is in the walk: a sample call, or a reason it writes no audit row', () => {
    const routes = mutatingRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((key) => !(key in ALL_SAMPLES) && !(key in NOT_AUDITED));
    expect(missing, 'mutating routes with no sample in the audit walk').toEqual([]);
    // And no stale entry for a route that is gone.
    const listed = [...Object.keys(ALL_SAMPLES), ...Object.keys(NOT_AUDITED)];
    expect(listed.filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('writes its audit row with the change', async () => {
    const unaudited: string[] = [];
    for (const key of mutatingRoutes()) {
      const sample = ALL_SAMPLES[key];
      if (!sample) continue;
      const before = await lastId();
      const response = await t.app.inject(await sample.request());
      expect(response.statusCode, `${key}: ${response.body}`).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(300);
      const rows = await newRows(before);
      const row = rows.find((candidate) => candidate.action === sample.action);
      if (!row) {
        unaudited.push(`${key} (wrote ${rows.map((candidate) => candidate.action).join(', ') || 'nothing'})`);
        continue;
      }
      if (key.includes(' /v1/admin/')) {
        expect(row, key).toMatchObject({ actor_role: 'operator', actor_user_id: admin.id });
        continue;
      }
      expect(row.store_id, key).toBe(store.id);
      if (key.startsWith('POST /v1/courier/')) {
        expect(row, key).toMatchObject({ actor_role: 'courier_link', actor_user_id: null });
      } else {
        expect(row, key).toMatchObject({ actor_role: 'owner', actor_user_id: owner.id });
      }
    }
    expect(unaudited, 'mutating routes that wrote no audit row').toEqual([]);
  });

  it("records a rejection's refund: how much went back, and where", async () => {
    const order = await orderIn('approved');
    const response = await t.app.inject(
      json('POST', merchant(`/orders/${order.number}/status/`), {
        from: 'approved',
        to: 'rejected',
        reason: 'Nos quedamos sin stock.',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await queryRows<{ subject: string; detail: Record<string, unknown> }>(
      t.database,
      sql`select subject, detail from audit_events where subject = ${`store_order:${order.number}`}`,
    );
    expect(row?.detail).toMatchObject({
      before: { status: 'approved' },
      after: { status: 'rejected' },
      reason: 'Nos quedamos sin stock.',
      refund: '8.91',
      destination: 'original_payment',
    });
  });
});
