import { parseMoney } from '@mandado/shared/money';
import type { Database } from '../../db/database.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * The settings behind manual payments (decision 021) and their caps (decision 031), read through the
 * settings registry (decision 038): each has a demo default there, so a fresh install can take a transfer.
 */
export interface CheckoutSettings {
  manualPaymentCountries: string[];
  manualPaymentDays: number;
  supportEmail: string;
  /** What one account's unpaid transfers and deposits may add up to, in US$ cents (default US$ 300). */
  unpaidMaxTotal: number;
  /** Units of one product across one account's unpaid transfers and deposits (default 10). */
  unpaidMaxUnitsPerProduct: number;
  /** Days after a phone-country change during which transfers and deposits are not offered (default 7). */
  phoneCountryChangeWaitDays: number;
  bank: {
    bankName: string;
    accountHolder: string;
    accountNumber: string;
    routingNumber: string;
    swift: string;
  };
}

export async function getCheckoutSettings(db: Database): Promise<CheckoutSettings> {
  const settings = await getSettings(db);
  return {
    manualPaymentCountries: settings.manual_payment_countries,
    manualPaymentDays: settings.manual_payment_days,
    supportEmail: settings.support_email,
    unpaidMaxTotal: parseMoney(settings.unpaid_orders_max_total),
    unpaidMaxUnitsPerProduct: settings.unpaid_orders_max_units_per_product,
    phoneCountryChangeWaitDays: settings.phone_country_change_wait_days,
    bank: {
      bankName: settings.bank_account_bank_name,
      accountHolder: settings.bank_account_holder,
      accountNumber: settings.bank_account_number,
      routingNumber: settings.bank_account_routing_number,
      swift: settings.bank_account_swift,
    },
  };
}
