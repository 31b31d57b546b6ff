import { supportHoursSentence } from '@mandado/shared/support-contact';
import { useSupportContact } from '../../hooks/use-support-contact.ts';
import { supportWhatsappUrl } from './support-links.ts';

/**
 * Spec §1: status queries go by WhatsApp or e-mail, with the hours. One block for the help area and both
 * footers, so the number, the address and the hours are the same everywhere (the public settings, 038).
 */
export function SupportContactBlock({ className }: { className?: string }) {
  const { whatsappNumber: whatsapp, email, hours } = useSupportContact();
  return (
    <div className={className ? `support-contact ${className}` : 'support-contact'}>
      <p className="support-contact__hours">{supportHoursSentence(hours)}</p>
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
