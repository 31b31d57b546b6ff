import { describe, expect, it } from 'vitest';
import { settingsSchema } from './settings.schemas.ts';
import {
  isValidSettingValue,
  PUBLIC_SETTING_KEYS,
  resolveSettings,
  SETTING_KEYS,
  SETTINGS_REGISTRY,
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
