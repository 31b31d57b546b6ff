/**
 * Links that open a Uruguayan phone number in the phone's dialler or in WhatsApp, from the number as the
 * address form stores it: the mobile mask '(091) 123456', the landline mask '(2622) 1234', or digits with the
 * country code. The store and the courier tap them; both pages use these two helpers.
 */

const URUGUAY = '598';

/** The number's international digits (598…), or null when it holds too few digits to dial. */
export function uruguayInternationalDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return null;
  // 598 followed by a full national number (8 digits without the trunk 0): already international.
  if (digits.startsWith(URUGUAY) && digits.length >= 11) return digits;
  // The national form starts with the trunk 0 (091…); the international one drops it.
  const national = digits.startsWith('0') ? digits.slice(1) : digits;
  return `${URUGUAY}${national}`;
}

/** `tel:+598…`: a tap dials it. */
export function telUrl(phone: string): string | null {
  const digits = uruguayInternationalDigits(phone);
  return digits ? `tel:+${digits}` : null;
}

/** `https://wa.me/598…`: a chat with the number (WhatsApp wants the digits only, with the country code). */
export function whatsAppChatUrl(phone: string): string | null {
  const digits = uruguayInternationalDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/** A mobile (09x…) can take WhatsApp; a landline (2…, 4…) cannot, so its WhatsApp link would only fail. */
export function isUruguayMobile(phone: string): boolean {
  const digits = uruguayInternationalDigits(phone);
  return digits?.startsWith(`${URUGUAY}9`) === true;
}
