/**
 * Spec §1: status queries go by WhatsApp or e-mail; support hours are shown as Monday to Sunday, 8:00am to
 * 8:00pm. One home for the support contact, so every page quotes the same number and the same hours. The
 * number is a demo placeholder until the company's WhatsApp Business line is known: digits only, country code
 * first, as wa.me wants it.
 */
export const SUPPORT_WHATSAPP_NUMBER = '59891000000';

/**
 * The hours shown next to the support links, written to follow "Atendemos de " (spec §1). The footers say
 * the same words ("Lunes a Domingo, 8:00am a 8:00pm").
 */
export const SUPPORT_HOURS = 'lunes a domingo, de 8:00am a 8:00pm';

/** The sentence the order and tracking pages show beside the support links. */
export const SUPPORT_HOURS_SENTENCE = `Atendemos de ${SUPPORT_HOURS} (hora de Montevideo).`;
