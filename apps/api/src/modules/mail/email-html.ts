/**
 * Text that goes into an e-mail's HTML alternative: every value we did not write ourselves (names, addresses,
 * links) passes here, so a name like `<a href=…>` shows as text instead of becoming a link.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
