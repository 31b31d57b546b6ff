import type { OutgoingEmail } from './mail.types.ts';

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

/**
 * The plain e-mail the stores' and the returns' notices share: a greeting, a few lines, one link, the sign-off;
 * text and HTML say the same, every value escaped in the HTML.
 */
export function linkEmail(input: {
  to: string;
  subject: string;
  kind?: string;
  greeting: string;
  lines: string[];
  link: { url: string; label: string };
}): OutgoingEmail {
  const url = escapeHtml(input.link.url);
  return {
    to: input.to,
    subject: input.subject,
    ...(input.kind === undefined ? {} : { kind: input.kind }),
    text: [
      input.greeting,
      '',
      ...input.lines,
      '',
      `${input.link.label}: ${input.link.url}`,
      '',
      'El equipo de Mandado',
    ].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      `<p>${escapeHtml(input.greeting)}</p>`,
      ...input.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${url}">${escapeHtml(input.link.label)}</a></p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}

/** 'Hola Ana:', or 'Hola:' without a name. */
export function greetingOf(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hola ${name}:` : 'Hola:';
}
