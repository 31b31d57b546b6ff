import { supportHoursSentence } from '@mandado/shared/support-contact';
import { OrderNumber } from '../../components/order-number.tsx';
import { useSupportContact } from '../../hooks/use-support-contact.ts';
import { supportWhatsAppUrl } from './order-links.ts';

interface OrderSupportProps {
  orderNumber: string;
  /** The section's heading: what the reader asks about (the remitter's order, the family member's delivery). */
  title: string;
  titleId: string;
  headingLevel: 2 | 3;
  /** The remitter's order page also offers e-mail; the public tracking page keeps to WhatsApp. */
  withEmail: boolean;
}

/**
 * Support for one order (spec §1: status queries go by WhatsApp or e-mail, with the hours), quoting its
 * number: one block for the order page and the tracking page, so both say the same thing the same way.
 */
export function OrderSupport({ orderNumber, title, titleId, headingLevel, withEmail }: OrderSupportProps) {
  const support = useSupportContact();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="order-panel order-support" aria-labelledby={titleId}>
      <Heading id={titleId} className="order-panel__title">
        {title}
      </Heading>
      <p>
        Escríbenos con el número <OrderNumber>{orderNumber}</OrderNumber>.{' '}
        {supportHoursSentence(support.hours)}
      </p>
      <div className="order-actions">
        <a
          className="button button--secondary button--small"
          href={supportWhatsAppUrl(orderNumber, support.whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Consultar por WhatsApp
        </a>
        {withEmail ? (
          <a
            className="button button--secondary button--small"
            href={`mailto:${support.email}?subject=${encodeURIComponent(`Consulta por mi pedido ${orderNumber}`)}`}
          >
            Consultar por correo
          </a>
        ) : null}
      </div>
    </section>
  );
}
