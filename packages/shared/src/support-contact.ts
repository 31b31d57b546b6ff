/**
 * Spec §1: status queries go by WhatsApp or e-mail; support hours are shown as Monday to Sunday, 8:00 to
 * 20:00 (on the 24-hour clock, as Uruguay writes it: issue 31). The values are settings (decision 038): pages
 * read them from the public settings and e-mails from the settings service. These are the registry's defaults for those three keys (settings-registry.ts reads
 * them from here), for the moment before the settings arrive (a first paint, an error page that could not
 * load them). They live here, not in the registry, because the registry carries zod and every page's first
 * load needs these three strings: importing the registry put zod into the shop's shell chunk.
 */

/** A demo placeholder until the company's WhatsApp Business line is known: digits, country code first. */
export const SUPPORT_WHATSAPP_NUMBER = '59891000000';

/** The hours, written to follow "Atendemos de " (spec §1: Monday to Sunday, 8:00 to 20:00). */
export const SUPPORT_HOURS = 'lunes a domingo, de 8:00 a 20:00';

/** Where shoppers write for help; spec §8 asks to report errors to it. */
export const SUPPORT_EMAIL = 'soporte@mandado.uy';

/** The contact a page or an e-mail shows: from the settings when known, else the defaults. */
export interface SupportContact {
  whatsappNumber: string;
  email: string;
  hours: string;
}

export function supportContactFrom(
  settings: { support_whatsapp_number: string; support_email: string; support_hours: string } | undefined,
): SupportContact {
  return {
    whatsappNumber: settings?.support_whatsapp_number || SUPPORT_WHATSAPP_NUMBER,
    email: settings?.support_email || SUPPORT_EMAIL,
    hours: settings?.support_hours || SUPPORT_HOURS,
  };
}

/** The sentence the order and tracking pages and the help area put beside the support links. */
export function supportHoursSentence(hours: string): string {
  return `Atendemos de ${hours} (hora de Montevideo).`;
}
