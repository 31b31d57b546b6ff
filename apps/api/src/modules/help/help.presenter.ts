import type { PaymentInstructions } from '@mandado/shared/help.schemas';
import type { CheckoutSettings } from '../orders/checkout-settings.ts';

export function presentPaymentInstructions(
  settings: CheckoutSettings,
  shopperCountry: string | null,
): PaymentInstructions {
  return {
    manual_payment_countries: settings.manualPaymentCountries,
    shopper_country: shopperCountry,
    manual_payment_days: settings.manualPaymentDays,
    // The same address the order e-mails ask receipts to be sent to (order.presenter.ts).
    receipt_email: settings.supportEmail,
    bank: {
      bank_name: settings.bank.bankName,
      account_holder: settings.bank.accountHolder,
      account_number: settings.bank.accountNumber,
      routing_number: settings.bank.routingNumber,
      swift: settings.bank.swift,
      currency: 'USD',
    },
  };
}
