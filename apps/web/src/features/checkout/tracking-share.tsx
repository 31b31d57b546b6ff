import './order-confirmation.css';
import { useEffect, useState } from 'react';
import { whatsappShareUrl } from './place-order-body.ts';

/** The tracking link for the family member: WhatsApp share and copy. */
export function TrackingShare({ url, orderNumber }: { url: string; orderNumber: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <section className="tracking-share" aria-labelledby="tracking-share-title">
      <h2 id="tracking-share-title" className="tracking-share__title">
        Seguimiento para quien recibe
      </h2>
      <p>Quien recibe puede seguir la entrega con este enlace, sin crear una cuenta:</p>
      <p className="tracking-share__link">
        <a href={url}>{url}</a>
      </p>
      <div className="tracking-share__actions">
        <a
          className="button button--primary button--small"
          href={whatsappShareUrl(url, orderNumber)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Compartir por WhatsApp
        </a>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          Copiar enlace
        </button>
        <span role="status" className="tracking-share__copied">
          {copied ? 'Enlace copiado' : ''}
        </span>
      </div>
    </section>
  );
}
