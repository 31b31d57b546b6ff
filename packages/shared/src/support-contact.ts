/**
 * Spec §1: status queries go by WhatsApp or e-mail, Monday to Sunday, 8:00 to 20:00. One home for the support
 * contact, so the order pages and e-mails quote the same number. The number is a demo placeholder until the
 * company's WhatsApp Business line is known: digits only, country code first, as wa.me wants it.
 */
export const SUPPORT_WHATSAPP_NUMBER = '59891000000';

/** The hours shown next to the support links (spec §1). */
export const SUPPORT_HOURS = 'Lunes a domingo, de 8:00 a 20:00';
