import { SETTINGS_REGISTRY } from './settings-registry.ts';

/**
 * Spec §1: status queries go by WhatsApp or e-mail; support hours are shown as Monday to Sunday, 8:00am to
 * 8:00pm. The values are settings (decision 038): pages read them from the public settings and e-mails from
 * the settings service. These are the registry's defaults, for the moment before the settings arrive (a
 * first paint, an error page that could not load them) — never a second source.
 */
export const SUPPORT_WHATSAPP_NUMBER = SETTINGS_REGISTRY.support_whatsapp_number.default;

/** The hours, written to follow "Atendemos de ". */
export const SUPPORT_HOURS = SETTINGS_REGISTRY.support_hours.default;

/** Where shoppers write for help; spec §8 asks to report errors to it. */
export const SUPPORT_EMAIL = SETTINGS_REGISTRY.support_email.default;

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
