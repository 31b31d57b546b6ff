import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { StoreTeam } from '@mandado/shared/store-members.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, createStore, createUser, type TestStore, type TestUser } from './factories.ts';
import { uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18: owners invite by e-mail as owner or staff; the link works 7 days and is accepted by the account
// with that e-mail; owners remove members, never the last owner; staff see orders, not the catalog.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
});
afterAll(() => t.close());

async function storeWithOwner(): Promise<{ store: TestStore; owner: TestUser }> {
  const store = await createStore(t.database);
  const owner = await createUser(t.app);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  return { store, owner };
}

async function invite(owner: TestUser, store: TestStore, email: string, role: 'owner' | 'staff' = 'staff') {
  return t.app.inject({
    method: 'POST',
    url: `/v1/merchant/stores/${store.id}/invitations/`,
    headers: owner.headers,
    payload: { email, role },
  });
}

/** The invitation's token, read from the link in the e-mail the outbox holds. */
async function tokenMailedTo(email: string): Promise<string> {
  const rows = await queryRows<{ text_body: string }>(
    t.database,
    sql`select text_body from email_outbox where to_address = ${email} order by id desc limit 1`,
  );
  const match = /\/comercio\/invitacion\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '');
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

function accept(user: TestUser, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/store-invitations/${token}/accept/`,
    headers: user.headers,
  });
}

describe('an invitation', () => {
  it('is e-mailed, previewed, refused to another account, and makes the invited person staff', async () => {
    const { store, owner } = await storeWithOwner();
    const email = uniqueEmail('personal');
    expect((await invite(owner, store, email)).statusCode).toBe(204);
    const token = await tokenMailedTo(email);

    const preview = await t.app.inject({ method: 'GET', url: `/v1/store-invitations/${token}/` });
    expect(preview.json()).toEqual({ store_name: store.name, role: 'staff', email });
    expect(preview.headers['cache-control']).toBe('no-store');

    const visitor = await t.app.inject({
      method: 'POST',
      url: `/v1/store-invitations/${token}/accept/`,
      headers: await visitorHeaders(t.app),
    });
    expect(visitor.statusCode).toBe(401);
    const someoneElse = await createUser(t.app);
    const refused = await accept(someoneElse, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.invitationOtherEmail(email));

    const invited = await createUser(t.app, { email });
    const accepted = await accept(invited, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ store_id: store.id, store_name: store.name });
    expect((await accept(invited, token)).statusCode).toBe(404);

    // Staff see the store's orders, not its catalog.
    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/`,
      headers: invited.headers,
    });
    expect(orders.statusCode).toBe(200);
    const catalog = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/products/`,
      headers: invited.headers,
    });
    expect(catalog.statusCode).toBe(403);

    const team = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/team/`,
      headers: owner.headers,
    });
    expect(team.json<StoreTeam>().members.map((member) => [member.user_id, member.role, member.you])).toEqual(
      [
        [owner.id, 'owner', true],
        [invited.id, 'staff', false],
      ],
    );
    const audit = await queryRows<{ action: string; actor_role: string }>(
      t.database,
      sql`select action, actor_role from audit_events where store_id = ${store.id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'member.invited', actor_role: 'owner' },
      { action: 'member.joined', actor_role: 'staff' },
    ]);
  });

  it('expires after 7 days, and a new one replaces the old link', async () => {
    const { store, owner } = await storeWithOwner();
    const email = uniqueEmail('tarde');
    await invite(owner, store, email);
    const first = await tokenMailedTo(email);
    await invite(owner, store, email, 'owner');
    const second = await tokenMailedTo(email);
    expect((await t.app.inject({ method: 'GET', url: `/v1/store-invitations/${first}/` })).statusCode).toBe(
      404,
    );

    await t.database.db.execute(
      sql`update store_invitations set expires_at = now() - interval '1 minute' where store_id = ${store.id}`,
    );
    const invited = await createUser(t.app, { email });
    const late = await accept(invited, second);
    expect(late.statusCode).toBe(410);
    expect(late.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.invitationExpired);
  });

  it('is not sent to someone already in the store, and owners can revoke one', async () => {
    const { store, owner } = await storeWithOwner();
    const already = await invite(owner, store, owner.email);
    expect(already.statusCode).toBe(409);
    const email = uniqueEmail('anulada');
    await invite(owner, store, email);
    const token = await tokenMailedTo(email);
    const team = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/team/`,
      headers: owner.headers,
    });
    const [pending] = team.json<StoreTeam>().invitations;
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/v1/merchant/stores/${store.id}/invitations/${pending?.id}/`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/v1/store-invitations/${token}/` })).statusCode).toBe(
      404,
    );
  });
});

describe('members', () => {
  it('are removed by owners, but never the last owner; staff cannot invite or remove', async () => {
    const { store, owner } = await storeWithOwner();
    const staff = await createUser(t.app);
    await addStoreMember(t.database, store.id, staff.id, 'staff');

    const byStaff = await invite(staff, store, uniqueEmail('x'));
    expect(byStaff.statusCode).toBe(403);
    const staffRemoves = await t.app.inject({
      method: 'DELETE',
      url: `/v1/merchant/stores/${store.id}/members/${owner.id}/`,
      headers: staff.headers,
    });
    expect(staffRemoves.statusCode).toBe(403);

    const last = await t.app.inject({
      method: 'DELETE',
      url: `/v1/merchant/stores/${store.id}/members/${owner.id}/`,
      headers: owner.headers,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.lastOwner);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/merchant/stores/${store.id}/members/${staff.id}/`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/`,
      headers: staff.headers,
    });
    expect(gone.statusCode).toBe(403);
  });

  it('keep one owner when two owners remove each other at the same moment', async () => {
    const { store, owner } = await storeWithOwner();
    const second = await createUser(t.app);
    await addStoreMember(t.database, store.id, second.id, 'owner');
    const answers = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `/v1/merchant/stores/${store.id}/members/${second.id}/`,
        headers: owner.headers,
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/v1/merchant/stores/${store.id}/members/${owner.id}/`,
        headers: second.headers,
      }),
    ]);
    // One removal wins; the other hears that the last owner stays (409), or, if it ran after and its sender
    // is no longer a member, 403.
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(204);
    expect([403, 409]).toContain(lost);
    const owners = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from store_members where store_id = ${store.id} and role = 'owner'`,
    );
    expect(owners[0]?.count).toBe(1);
  });
});
