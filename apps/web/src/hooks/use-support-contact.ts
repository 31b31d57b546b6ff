import { type SupportContact, supportContactFrom } from '@mandado/shared/support-contact';
import { usePublicSettings } from './use-public-settings.ts';

/**
 * The support WhatsApp number, e-mail and hours from the public settings (decision 038), for every page that
 * shows them (order detail, tracking, help, footers, terms, error toasts). Until who-am-I answers, the
 * registry's defaults keep the links working.
 */
export function useSupportContact(): SupportContact {
  const settings = usePublicSettings();
  return supportContactFrom(settings);
}
