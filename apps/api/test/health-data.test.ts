import type { AdminOrderDetail } from '@mandado/shared/admin-orders.schemas';
import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { RESERVED_HEALTH_LINE } from '@mandado/shared/health-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from './factories.ts';
import {
  createFastUser,
  type FastUser,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
  rows,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 32 (health data): what someone buys at a pharmacy can reveal their health. Its lines are read by that
// store, the remitter and operators holding order:health; a payments operator reads a placeholder, and
// partners' webhooks and e-mails to anyone else (the family member) never name them.

let t: TestApp;
let admin: FastUser;
let support: FastUser;
let payments: FastUser;
let order: PlaceOrderResult['order'];
let remitterEmail: string;
let beneficiaryEmail: string;
const MEDICINE = `Clonazepam 2 mg ${Date.now()}`;
const GROCERY = `Yerba 1 kg ${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  // A partner subscribed to every event: its deliveries are written with the events (the worker is off).
  await t.database.db.execute(
    sql`insert into webhook_endpoints (url, events, secret)
        values ('https://partner.example/hooks',
                '["order.paid", "store_order.status_changed", "refund.succeeded"]'::jsonb, 'whsec_test')`,
  );
  const fixture = await prepareCheckout(t.database, { stores: 2, price: '12.00' });
  const [pharmacy, grocery] = fixture.stores;
  const [medicine, yerba] = fixture.products;
  if (!pharmacy || !grocery || !medicine || !yerba) throw new Error('fixture incomplete');
  await t.database.db.execute(sql`update stores set kind = 'pharmacy' where id = ${pharmacy.id}`);
  await t.database.db.execute(sql`update products set name = ${MEDICINE} where id = ${medicine.id}`);
  await t.database.db.execute(sql`update products set name = ${GROCERY} where id = ${yerba.id}`);
  beneficiaryEmail = `rosa.${Date.now()}@ejemplo.com`;
  await t.database.db.execute(
    sql`update beneficiaries set email = ${beneficiaryEmail} where beneficiary_id = ${fixture.beneficiaryId}`,
  );
  remitterEmail = fixture.user.email;
  const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId, country: 'UY' });
  const placed = await placeOrderRequest(t.app, fixture.user, body);
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json<PlaceOrderResult>().order;

  admin = await createFastUser(t.database, 'Admin');
  support = await createFastUser(t.database, 'Sofía');
  payments = await createFastUser(t.database, 'Pablo');
  await makeOperator(t.database, admin.id, 'administracion');
  await makeOperator(t.database, support.id, 'soporte');
  await makeOperator(t.database, payments.id, 'pagos');
});
afterAll(async () => {
  await t.close();
});

async function detailAs(user: FastUser): Promise<AdminOrderDetail> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/orders/${order.number}/`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderDetail>();
}

const lineNames = (detail: AdminOrderDetail) =>
  detail.stores.flatMap((store) => store.lines.map((line) => line.name)).sort();

describe('pharmacy order lines (issue 32)', () => {
  it('shows them to operators holding order:health and a placeholder to the others', async () => {
    expect(lineNames(await detailAs(admin))).toEqual([MEDICINE, GROCERY].sort());
    expect(lineNames(await detailAs(support))).toEqual([MEDICINE, GROCERY].sort());
    const reserved = await detailAs(payments);
    // The grocery's line stays; the pharmacy's is reserved, with its money, so it can still be refunded.
    expect(lineNames(reserved)).toEqual([RESERVED_HEALTH_LINE, GROCERY].sort());
    expect(JSON.stringify(reserved)).not.toContain(MEDICINE);
    const pharmacyLine = reserved.stores
      .flatMap((store) => store.lines)
      .find((l) => l.name === RESERVED_HEALTH_LINE);
    expect(pharmacyLine?.total).toBe('12.00');
  });

  it('never sends them in partners’ webhooks', async () => {
    const deliveries = await rows<{ event_type: string; body: string }>(
      t.database,
      sql`select event_type, body from webhook_deliveries where body like ${`%${order.number}%`}`,
    );
    expect(deliveries.map((row) => row.event_type)).toContain('order.paid');
    for (const delivery of deliveries) expect(delivery.body).not.toContain(MEDICINE);
  });

  it('lists them in the remitter’s e-mail, and in no e-mail to anyone else', async () => {
    const emails = await rows<{ to_address: string; text_body: string; html_body: string | null }>(
      t.database,
      sql`select e.to_address, e.text_body, e.html_body from email_outbox e
          join order_groups g on g.id = e.group_id where g.number = ${order.number}`,
    );
    const toRemitter = emails.filter((email) => email.to_address === remitterEmail);
    expect(toRemitter.some((email) => email.text_body.includes(MEDICINE))).toBe(true);
    const toFamily = emails.filter((email) => email.to_address === beneficiaryEmail);
    expect(toFamily.length).toBeGreaterThan(0);
    for (const email of emails.filter((row) => row.to_address !== remitterEmail)) {
      expect(`${email.text_body}${email.html_body ?? ''}`).not.toContain(MEDICINE);
    }
  });
});
