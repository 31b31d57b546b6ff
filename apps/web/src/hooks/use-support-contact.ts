import { type SupportContact, supportContactFrom } from '@mandado/shared/support-contact';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The support WhatsApp number, e-mail and hours from the public settings (decision 038), for every page that
 * shows them (order detail, tracking, help, footers, terms, error toasts). Until who-am-I answers, the
 * registry's defaults keep the links working.
 */
export function useSupportContact(): SupportContact {
  const settings = useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
  return supportContactFrom(settings);
}
