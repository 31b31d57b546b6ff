import { describe, expect, it } from 'vitest';
import { settingsSchema } from './settings.schemas.ts';
import {
  checkSettingInput,
  isValidSettingValue,
  PUBLIC_SETTING_KEYS,
  resolveSettings,
  SETTING_KEYS,
  SETTINGS_REGISTRY,
  settingText,
  settingValue,
} from './settings-registry.ts';

describe('the settings registry', () => {
  it('gives every default through its own schema unchanged (defaults are valid values)', () => {
    for (const key of SETTING_KEYS) {
      const definition = SETTINGS_REGISTRY[key];
      const asStored = Array.isArray(definition.default)
        ? definition.default.join(',')
        : String(definition.default);
      expect(settingValue(key, asStored), key).toEqual(definition.default);
    }
  });

  it('types and normalises stored text, and falls back to the default when unreadable', () => {
    expect(settingValue('free_shipping_threshold', '95')).toBe('95.00');
    expect(settingValue('free_shipping_threshold', '-1')).toBe('80.00');
    expect(settingValue('unpaid_orders_max_total', 'lots')).toBe('300.00');
    expect(settingValue('unpaid_orders_max_units_per_product', '4')).toBe(4);
    expect(settingValue('unpaid_orders_max_units_per_product', '0')).toBe(10);
    expect(settingValue('phone_country_change_wait_days', undefined)).toBe(7);
    expect(settingValue('support_whatsapp_number', '+598 99 123 456')).toBe('59899123456');
    expect(settingValue('support_email', 'no es un correo')).toBe('soporte@mandado.uy');
    expect(settingValue('manual_payment_countries', 'co, cl ,x')).toEqual(['CO', 'CL']);
    expect(isValidSettingValue('support_email', 'ayuda@mandado.uy')).toBe(true);
    expect(isValidSettingValue('manual_payment_days', 'tres')).toBe(false);
  });

  it('resolves every key at once, ignoring unknown rows', () => {
    const resolved = resolveSettings(
      new Map([
        ['support_hours', 'lunes a viernes'],
        ['nothing', 'x'],
      ]),
    );
    expect(resolved.support_hours).toBe('lunes a viernes');
    expect(resolved.manual_payment_days).toBe(3);
    expect(Object.keys(resolved)).toEqual(SETTING_KEYS);
  });

  it('publishes exactly the public keys, and never a bank detail or a cap', () => {
    const siteKeys = ['map_tile_url', 'map_attribution', 'widgets'];
    const schemaKeys = Object.keys(settingsSchema.shape).filter((key) => !siteKeys.includes(key));
    expect([...PUBLIC_SETTING_KEYS].sort()).toEqual(schemaKeys.sort());
    for (const key of PUBLIC_SETTING_KEYS) {
      expect(key.startsWith('bank_') || key.startsWith('unpaid_')).toBe(false);
    }
  });
});

describe('checkSettingInput (the operators’ editor, issue 19)', () => {
  it('normalises what it accepts and says why it refuses, in Spanish', () => {
    expect(checkSettingInput('free_shipping_threshold', ' 95,5 ')).toEqual({ ok: true, stored: '95.50' });
    expect(checkSettingInput('manual_payment_countries', 'co, cl')).toEqual({ ok: true, stored: 'CO,CL' });
    expect(checkSettingInput('support_whatsapp_number', '+598 91 000 000')).toEqual({
      ok: true,
      stored: '59891000000',
    });
    expect(checkSettingInput('support_hours', 'lunes a viernes, de 9 a 18')).toEqual({
      ok: true,
      stored: 'lunes a viernes, de 9 a 18',
    });
    expect(checkSettingInput('manual_payment_days', '0')).toEqual({
      ok: false,
      reason: 'Debe estar entre 1 y 30.',
    });
    expect(checkSettingInput('shipping_fee_in_city', '-1')).toEqual({
      ok: false,
      reason: 'Escribe un monto en dólares, como 80 o 80.50.',
    });
    expect(checkSettingInput('header_banner_text', 'x'.repeat(121))).toEqual({
      ok: false,
      reason: 'Escribe como máximo 120 caracteres.',
    });
  });

  it('accepts every default as it is stored', () => {
    for (const key of SETTING_KEYS) {
      const stored = settingText(SETTINGS_REGISTRY[key].default);
      expect(checkSettingInput(key, stored), key).toEqual({ ok: true, stored });
    }
  });
});
