/** The greeting a support chat starts with, so the agent knows where the shopper came from. */
export const SUPPORT_GREETING = 'Hola, necesito ayuda con Mandado.';

/** wa.me wants the number as digits only, country code first; the greeting goes prefilled. */
export function supportWhatsappUrl(number: string, text: string = SUPPORT_GREETING): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
