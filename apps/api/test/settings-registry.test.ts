import type { Settings } from '@mandado/shared/settings.schemas';
import { PUBLIC_SETTING_KEYS } from '@mandado/shared/settings-registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCheckoutSettings } from '../src/modules/orders/checkout-settings.ts';
import { getSetting } from '../src/modules/settings/settings.service.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Decision 038: the API reads settings through the registry; the public settings are derived from it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function store(key: string, value: string): Promise<void> {
  await t.database.db.execute(
    sql`insert into settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = ${value}`,
  );
}

async function publicSettings(): Promise<Settings> {
  return (await t.app.inject({ method: 'GET', url: '/v1/whoami/' })).json<{ settings: Settings }>().settings;
}

describe('the public settings', () => {
  it('carry every public registry key with its default, and no private one', async () => {
    const settings = await publicSettings();
    for (const key of PUBLIC_SETTING_KEYS) expect(settings, key).toHaveProperty(key);
    expect(settings.support_hours).toBe('lunes a domingo, de 8:00 a 20:00');
    expect(settings.support_email).toBe('soporte@mandado.uy');
    expect(settings).not.toHaveProperty('bank_account_number');
    expect(settings).not.toHaveProperty('unpaid_orders_max_total');
  });

  it('follow the stored WhatsApp number, e-mail and hours, normalised by the registry', async () => {
    await store('support_whatsapp_number', '+598 99 123 456');
    await store('support_email', 'ayuda@mandado.uy');
    await store('support_hours', 'lunes a viernes, de 9:00am a 6:00pm');
    const settings = await publicSettings();
    expect(settings.support_whatsapp_number).toBe('59899123456');
    expect(settings.support_email).toBe('ayuda@mandado.uy');
    expect(settings.support_hours).toBe('lunes a viernes, de 9:00am a 6:00pm');
    // An unreadable row falls back to the default instead of reaching pages.
    await store('support_email', 'no es un correo');
    expect((await publicSettings()).support_email).toBe('soporte@mandado.uy');
  });
});

describe('typed reads', () => {
  it('give typed values and the same e-mail to the checkout as to the pages', async () => {
    await store('manual_payment_days', '5');
    await store('support_email', 'pagos@mandado.uy');
    expect(await getSetting(t.database.db, 'manual_payment_days')).toBe(5);
    const checkout = await getCheckoutSettings(t.database.db);
    expect(checkout.manualPaymentDays).toBe(5);
    expect(checkout.supportEmail).toBe('pagos@mandado.uy');
    expect((await publicSettings()).support_email).toBe('pagos@mandado.uy');
    expect(checkout.unpaidMaxTotal).toBe(30_000);
    expect(checkout.unpaidMaxUnitsPerProduct).toBe(10);
    expect(checkout.phoneCountryChangeWaitDays).toBe(7);
  });
});
