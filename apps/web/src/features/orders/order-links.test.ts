import { describe, expect, it } from 'vitest';
import {
  receiptPdfUrl,
  supportMessage,
  supportWhatsAppUrl,
  trackingMailtoUrl,
  trackingShareText,
  trackingWhatsAppUrl,
} from './order-links.ts';

const URL_ = 'https://mandado.uy/seguimiento/q3Lx-9_abc';

describe('support WhatsApp link', () => {
  it('quotes the order number in the typed message', () => {
    expect(supportMessage('MV-10234')).toBe('Hola, consulto por mi pedido MV-10234');
    expect(supportWhatsAppUrl('MV-10234', '59891000000')).toBe(
      'https://wa.me/59891000000?text=Hola%2C%20consulto%20por%20mi%20pedido%20MV-10234',
    );
  });

  it('keeps only the digits of the number, as wa.me wants', () => {
    expect(supportWhatsAppUrl('MV-1', '+598 91 000 000')).toMatch(/^https:\/\/wa\.me\/59891000000\?text=/);
  });

  it('uses the number it is given (the support_whatsapp_number setting, decision 038)', () => {
    expect(supportWhatsAppUrl('MV-1', '59899111222')).toMatch(/^https:\/\/wa\.me\/59899111222\?text=/);
  });
});

describe('tracking share links', () => {
  it('greets the beneficiary and carries the link', () => {
    expect(trackingShareText(' María ', 'MV-7', URL_)).toBe(
      `Hola María, te envié una compra por Mandado (pedido MV-7). Puedes seguir la entrega aquí: ${URL_}`,
    );
    expect(trackingShareText('', 'MV-7', URL_)).toMatch(/^Hola, te envié/);
  });

  it('WhatsApp: no number, the whole text encoded (the link survives as one parameter)', () => {
    const link = trackingWhatsAppUrl('María', 'MV-7', URL_);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    const text = new URL(link).searchParams.get('text');
    expect(text).toBe(trackingShareText('María', 'MV-7', URL_));
  });

  it('mailto: subject and body with %20, the address with its @', () => {
    const link = trackingMailtoUrl('maria@example.com', 'María', 'MV-7', URL_);
    expect(link).toMatch(/^mailto:maria@example\.com\?subject=Seguimiento%20de%20tu%20pedido%20MV-7&body=/);
    expect(link).not.toContain('+');
    const body = decodeURIComponent(link?.split('&body=')[1] ?? '');
    expect(body).toContain(URL_);
  });

  it('mailto: an address cannot add headers; no address, no link', () => {
    const link = trackingMailtoUrl('a@b.com?bcc=x@y.com', 'A', 'MV-7', URL_) ?? '';
    expect(link.split('?')).toHaveLength(2);
    expect(link).toContain('a@b.com%3Fbcc%3Dx@y.com');
    expect(trackingMailtoUrl('', 'A', 'MV-7', URL_)).toBeNull();
    expect(trackingMailtoUrl('   ', 'A', 'MV-7', URL_)).toBeNull();
  });
});

describe('receipt link', () => {
  it("points at the store order's receipt PDF", () => {
    expect(receiptPdfUrl('MV-10234', 'MV-10234-2')).toBe('/v1/orders/MV-10234/stores/MV-10234-2/receipt.pdf');
  });
});
