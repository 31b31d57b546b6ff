import { MESSAGES } from '@mandado/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStoreMember, beneficiaryInput, cityId, createStore, createUser } from './factories.ts';
import { createFastUser } from './order-factories.ts';
import { registerUser, uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 16 A5: a first name like 'Premio: entra a https://evil.example/login' was accepted and landed in the
// invitation e-mail sent to any address. Names refuse URLs, domains, '@' and more than 40 characters, and
// e-mails to people who are not the account holder carry only the first name in a fixed sentence.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      emailLookupPerIp: { max: 1000, windowSeconds: 300 },
    },
  });
});
afterAll(() => t.close());

const PHISHING = 'Premio: entra a https://evil.example/login';

describe('names', () => {
  it('are refused at registration with a link, a domain, an @ or over 40 characters', async () => {
    for (const [field, value, message] of [
      ['first_name', 'Premio en https://evil.example', MESSAGES.nameWithLink],
      ['first_name', 'evil.example', MESSAGES.nameWithLink],
      ['last_name', 'ana@evil', MESSAGES.nameWithLink],
      ['first_name', 'a'.repeat(41), MESSAGES.tooLong(40)],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/users/create/',
        headers: await visitorHeaders(t.app),
        payload: {
          email: uniqueEmail(),
          password: 'paseo-por-la-rambla',
          first_name: 'Ana',
          last_name: 'Pereira',
          phone_number: '+1 415 555 2671',
          type: 'remitter',
          referral_token: '',
          terms_accepted: true,
          privacy_accepted: true,
          [field]: value,
        },
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json<Record<string, string[]>>()[field]).toContain(message);
    }
    // A real name with an initial still registers.
    await registerUser(t.app, { first_name: 'Ana M.', last_name: 'Pérez de la Torre' });
  });

  // Issue 27: the blocklist matched an ASCII dot and ASCII letters only; every one of these was accepted.
  const LURES = [
    'evil。com',
    'Ana evil．com',
    'Ana evil.сом',
    'Ana evil.c\u200Bom',
    'Ana 93.184.216.34',
    'Ana bit․ly/x',
    'Ana evil[.]com',
    'Premio US$500 llama al 099123456',
  ];

  it('are an allowlist after NFKC: every lure gets a 400 in Spanish, names of any script pass', async () => {
    const headers = await visitorHeaders(t.app);
    const register = (first_name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/create/',
        headers,
        payload: {
          email: uniqueEmail(),
          password: 'paseo-por-la-rambla',
          first_name,
          last_name: 'Pereira',
          phone_number: '+1 415 555 2671',
          type: 'remitter',
          referral_token: '',
          terms_accepted: true,
          privacy_accepted: true,
        },
      });
    for (const lure of LURES) {
      const response = await register(lure);
      expect(response.statusCode, lure).toBe(400);
      const [message] = response.json<Record<string, string[]>>().first_name ?? [];
      expect([MESSAGES.nameWithLink, MESSAGES.nameCharacters], lure).toContain(message);
    }
    for (const name of ["María José O'Neill-Núñez", 'Zoë Ñandú', 'J. P. Pérez', '李小龍']) {
      const response = await register(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
    // NFKC is applied to what is stored: fullwidth letters become the letters they look like.
    const fullwidth = await register('Ｌｕｃíａ');
    expect(fullwidth.statusCode).toBe(201);
    const [stored] = await queryRows<{ first_name: string }>(
      t.database,
      sql`select first_name from users order by id desc limit 1`,
    );
    expect(stored?.first_name).toBe('Lucía');
  });

  it('are refused in the account details and for a beneficiary', async () => {
    const user = await createUser(t.app);
    const details = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: user.headers,
      payload: { first_name: PHISHING, last_name: 'Pereira', phone_number: '+598 91 234 567' },
    });
    expect(details.statusCode).toBe(400);
    const beneficiary = await t.app.inject({
      method: 'POST',
      url: '/v1/beneficiaries/',
      headers: user.headers,
      payload: beneficiaryInput(await cityId(t.database), { first_name: 'Rosa www.premio.com' }),
    });
    expect(beneficiary.statusCode).toBe(400);
    expect(beneficiary.json<Record<string, string[]>>().first_name).toEqual([MESSAGES.nameWithLink]);
  });
});

describe('the invitation e-mail', () => {
  it('quotes only a first name that passes the rules, in our fixed sentence', async () => {
    // A name stored before the rules (or by hand): never quoted.
    const inviter = await createFastUser(t.database, PHISHING, '+59891234567');
    const friend = uniqueEmail('amigo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/send/invitation/',
      headers: inviter.headers,
      payload: { email: friend },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [mail] = await queryRows<{ subject: string; text_body: string; html_body: string }>(
      t.database,
      sql`select subject, text_body, html_body from email_outbox where to_address = ${friend}`,
    );
    expect(mail?.text_body).toContain('Un amigo te invita a Mandado.');
    for (const part of [mail?.subject, mail?.text_body, mail?.html_body]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Premio');
    }
  });
});

describe('stored names with a lure (written before issue 27)', () => {
  it('are not quoted in a referral invitation nor in a store invitation', async () => {
    for (const lure of ['Ana evil.c\u200Bom', 'Ana evil[.]com', 'Premio US$500 llama al 099123456']) {
      const inviter = await createFastUser(t.database, lure, '+59891234567');
      const friend = uniqueEmail('amigo');
      const referral = await t.app.inject({
        method: 'POST',
        url: '/v1/users/send/invitation/',
        headers: inviter.headers,
        payload: { email: friend },
      });
      expect(referral.statusCode, referral.body).toBe(201);
      const store = await createStore(t.database);
      await addStoreMember(t.database, store.id, inviter.id, 'owner');
      const staff = uniqueEmail('equipo');
      const invitation = await t.app.inject({
        method: 'POST',
        url: `/v1/merchant/stores/${store.id}/invitations/`,
        headers: inviter.headers,
        payload: { email: staff, role: 'staff' },
      });
      expect(invitation.statusCode, invitation.body).toBe(204);
      const mails = await queryRows<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string | null;
      }>(
        t.database,
        sql`select to_address, subject, text_body, html_body from email_outbox where to_address in (${friend}, ${staff})`,
      );
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        // The store invitation is text only (no html_body).
        for (const part of [mail.subject, mail.text_body, mail.html_body ?? '']) {
          expect(part, lure).not.toContain('evil');
          expect(part, lure).not.toContain('Premio');
        }
      }
      expect(mails.find((mail) => mail.to_address === friend)?.text_body).toContain(
        'Un amigo te invita a Mandado.',
      );
      expect(mails.find((mail) => mail.to_address === staff)?.subject).toBe(
        `${store.name} te invitó a ${store.name} en Mandado`,
      );
    }
  });
});
