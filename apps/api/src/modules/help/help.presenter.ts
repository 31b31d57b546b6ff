import type { PaymentInstructions } from '@mandado/shared/help.schemas';
import type {
  AdminCityRequest,
  AdminContactMessage,
  AdminSuggestion,
} from '@mandado/shared/support-inbox.schemas';
import type { CheckoutSettings } from '../orders/checkout-settings.ts';
import type { CityRequestRow, ContactMessageRow, SuggestionRow } from './help.repository.ts';

/** Either driver may hand a timestamp back as a Date or as text. */
function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

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

export function presentContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    user_account_id: row.userAccountId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    comments: row.comments,
    created: iso(row.createdAt),
    handled: row.handledAt === null ? null : iso(row.handledAt),
  };
}

export function presentSuggestion(row: SuggestionRow): AdminSuggestion {
  return {
    id: row.id,
    user_account_id: row.userAccountId,
    category: row.category,
    name_product: row.productName,
    description: row.description,
    mail: row.email,
    created: iso(row.createdAt),
    handled: row.handledAt === null ? null : iso(row.handledAt),
  };
}

export function presentCityRequest(row: CityRequestRow): AdminCityRequest {
  return { id: row.id, city: row.city, email: row.email, created: iso(row.createdAt) };
}
