import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The courier link as a QR code (issue 31): the courier scans the printed ticket instead of waiting for a
 * WhatsApp. Drawn as SVG by `qrcode` (a well-kept library, in this lazy page only), so it prints sharp.
 */
export function CourierQr({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((markup) => {
        if (live) setSvg(markup);
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <figure className="picking-qr">
      {svg ? (
        <div
          className="picking-qr__code"
          role="img"
          aria-label="Código QR del enlace del repartidor"
          // The markup is the library's own SVG of our URL: no text of a person goes into it.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: qrcode's SVG output, built from our own URL.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : null}
      <figcaption className="picking-qr__caption">
        Repartidor: escanea este código para ver la dirección y los pasos.
      </figcaption>
    </figure>
  );
}
