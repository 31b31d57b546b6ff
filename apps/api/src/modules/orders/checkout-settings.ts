import type { Database } from '../../db/database.ts';
import { readAllSettings } from '../settings/settings.repository.ts';

/**
 * The settings behind manual payments (decision 021), each with a demo default so a fresh install can take a
 * transfer: stored rows with these keys override them.
 */
export interface CheckoutSettings {
  manualPaymentCountries: string[];
  manualPaymentDays: number;
  supportEmail: string;
  bank: {
    bankName: string;
    accountHolder: string;
    accountNumber: string;
    routingNumber: string;
    swift: string;
  };
}

export const CHECKOUT_SETTING_DEFAULTS = {
  manual_payment_countries: 'CO,CL,PE',
  manual_payment_days: '3',
  support_email: 'soporte@mandado.uy',
  bank_account_bank_name: 'Banco de Prueba N.A. (demo)',
  bank_account_holder: 'Mandado Marketplace LLC',
  bank_account_number: '000123456789',
  bank_account_routing_number: '021000021',
  bank_account_swift: 'DEMOUS33',
} as const;

type SettingKey = keyof typeof CHECKOUT_SETTING_DEFAULTS;

export async function getCheckoutSettings(db: Database): Promise<CheckoutSettings> {
  const stored = await readAllSettings(db);
  const get = (key: SettingKey) => stored.get(key) ?? CHECKOUT_SETTING_DEFAULTS[key];
  const days = Number.parseInt(get('manual_payment_days'), 10);
  return {
    manualPaymentCountries: get('manual_payment_countries')
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => /^[A-Z]{2}$/.test(code)),
    manualPaymentDays: Number.isFinite(days) && days > 0 ? days : 3,
    supportEmail: get('support_email'),
    bank: {
      bankName: get('bank_account_bank_name'),
      accountHolder: get('bank_account_holder'),
      accountNumber: get('bank_account_number'),
      routingNumber: get('bank_account_routing_number'),
      swift: get('bank_account_swift'),
    },
  };
}
