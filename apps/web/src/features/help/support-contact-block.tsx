import { SUPPORT_HOURS_SENTENCE, SUPPORT_WHATSAPP_NUMBER } from '@mandado/shared/support-contact';
import { SUPPORT_EMAIL } from '../../lib/contact.ts';
import { supportWhatsappUrl } from './support-links.ts';
import { usePublicSettings } from './use-public-settings.ts';

/**
 * Spec §1: status queries go by WhatsApp or e-mail, with the hours. One block for the help area and both
 * footers, so the number, the address and the hours are the same everywhere (settings, shared constants).
 */
export function SupportContactBlock({ className }: { className?: string }) {
  const settings = usePublicSettings();
  // Until who-am-I answers, the shared defaults (the settings' own defaults) keep the links working.
  const whatsapp = settings?.support_whatsapp_number || SUPPORT_WHATSAPP_NUMBER;
  const email = settings?.support_email || SUPPORT_EMAIL;
  return (
    <div className={className ? `support-contact ${className}` : 'support-contact'}>
      <p className="support-contact__hours">{SUPPORT_HOURS_SENTENCE}</p>
      <ul className="support-contact__links">
        <li>
          <a href={supportWhatsappUrl(whatsapp)} target="_blank" rel="noopener noreferrer">
            Escríbenos por WhatsApp
          </a>
        </li>
        <li>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      </ul>
    </div>
  );
}
