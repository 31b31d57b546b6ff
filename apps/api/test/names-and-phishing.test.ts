import { MESSAGES } from '@mandado/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryInput, cityId, createUser } from './factories.ts';
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
          [field]: value,
        },
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json<Record<string, string[]>>()[field]).toContain(message);
    }
    // A real name with an initial still registers.
    await registerUser(t.app, { first_name: 'Ana M.', last_name: 'Pérez de la Torre' });
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
