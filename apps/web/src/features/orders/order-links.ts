/**
 * The links of an order page (spec §1: status queries go by WhatsApp or e-mail; issue 10: the remitter shares
 * the tracking link). Plain strings, so the texts are unit-tested and the page only renders anchors.
 */

/** The WhatsApp message to support, quoting the order number so the agent finds it without asking. */
export function supportMessage(orderNumber: string): string {
  return `Hola, consulto por mi pedido ${orderNumber}`;
}

/**
 * `https://wa.me/<support number>?text=…`: opens a chat with support, the message already typed. The number
 * is the `support_whatsapp_number` setting (decision 038), never a constant: the page passes it.
 */
export function supportWhatsAppUrl(orderNumber: string, phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(supportMessage(orderNumber))}`;
}

/** What the family member receives with the tracking link. */
export function trackingShareText(firstName: string, orderNumber: string, trackingUrl: string): string {
  const greeting = firstName.trim() ? `Hola ${firstName.trim()}` : 'Hola';
  return `${greeting}, te envié una compra por Mandado (pedido ${orderNumber}). Puedes seguir la entrega aquí: ${trackingUrl}`;
}

/** `https://wa.me/?text=…` without a number: WhatsApp asks whom to send it to. */
export function trackingWhatsAppUrl(firstName: string, orderNumber: string, trackingUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(trackingShareText(firstName, orderNumber, trackingUrl))}`;
}

/**
 * A `mailto:` link with subject and body (RFC 6068: %20 for spaces, never '+'). The address keeps its '@'
 * but any character that would end it early ('?', '&', '#', spaces) is escaped, so a stored address cannot
 * inject other headers. Null when there is no address to write to.
 */
export function trackingMailtoUrl(
  email: string,
  firstName: string,
  orderNumber: string,
  trackingUrl: string,
): string | null {
  const address = email.trim();
  if (!address.includes('@')) return null;
  const to = encodeURIComponent(address).replace(/%40/g, '@');
  const subject = encodeURIComponent(`Seguimiento de tu pedido ${orderNumber}`);
  const body = encodeURIComponent(trackingShareText(firstName, orderNumber, trackingUrl));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}

/**
 * The store order's receipt PDF (issue 32): a plain link, so the browser downloads it with the session cookie.
 * Only a paid order has one; the API answers 404 otherwise.
 */
export function receiptPdfUrl(orderNumber: string, storeOrderNumber: string): string {
  return `/v1/orders/${encodeURIComponent(orderNumber)}/stores/${encodeURIComponent(storeOrderNumber)}/receipt.pdf`;
}
