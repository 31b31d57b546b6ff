import type { OutgoingEmail } from '../mail/mail.types.ts';
import type { SupportItem, SupportReplyKind } from './support-inbox.repository.ts';

/**
 * The answer from the support inbox (issue 19). The "Reply-To the writer" is read as: the answer goes
 * TO the writer, and its Reply-To is our support address, so when they answer back it lands in the support
 * mailbox (where the team reads it) rather than at the no-reply sender. Plain text, what they wrote quoted
 * under it; the subject is built from single-line fields only (the forms refuse line breaks there).
 */
const SUBJECTS: Record<SupportReplyKind, (topic: string) => string> = {
  contact: (topic) => `Re: ${topic}`,
  suggestion: (topic) => `Tu sugerencia en Mandado: ${topic}`,
  city_request: (topic) => `Mandado en ${topic}`,
};

const QUOTE_INTRO: Record<SupportReplyKind, string> = {
  contact: 'Nos escribiste:',
  suggestion: 'Nos sugeriste:',
  city_request: 'Nos pediste que llegáramos a tu ciudad.',
};

export function supportReplyEmail(
  kind: SupportReplyKind,
  item: SupportItem,
  body: string,
  supportEmail: string,
): OutgoingEmail {
  const quoted = item.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: item.email,
    replyTo: supportEmail,
    kind: 'support.reply',
    subject: SUBJECTS[kind](item.topic),
    text: [
      item.name ? `Hola, ${item.name}:` : 'Hola:',
      '',
      body,
      '',
      'Saludos,',
      'El equipo de Mandado',
      '',
      'Si quieres seguir la conversación, responde a este correo.',
      '',
      QUOTE_INTRO[kind],
      ...(item.text ? [quoted] : [`> ${item.topic}`]),
    ].join('\n'),
  };
}
