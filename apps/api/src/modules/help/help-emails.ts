import {
  type ContactMessage,
  SUGGESTION_CATEGORY_LABELS,
  type Suggestion,
} from '@mandado/shared/help.schemas';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/**
 * The e-mails the help area sends to our support address. Plain text only: what the writer typed goes out
 * exactly as typed, never interpreted as HTML. The subject is built from single-line fields alone (the shared
 * schema refuses line breaks and controls there), so nothing a writer types can become a header; the free
 * text travels in the body. Reply-To is the writer's address (issue 19), so answering from the support mailbox
 * reaches them; the address also leads the body. (Answers from the back office's inbox go the other way:
 * support-reply-email.ts.)
 */

function sessionLine(loggedIn: boolean): string {
  return loggedIn ? 'Escrito con la sesión iniciada en Mandado.' : 'Escrito sin iniciar sesión.';
}

export function contactMessageEmail(
  supportEmail: string,
  message: ContactMessage,
  context: { loggedIn: boolean },
): OutgoingEmail {
  return {
    to: supportEmail,
    replyTo: message.email,
    kind: 'support.contact',
    subject: `Contacto: ${message.subject} (${message.name})`,
    text: [
      'Nuevo mensaje desde el formulario de contacto de Mandado.',
      `Para responder, escribe a: ${message.email}`,
      '',
      `Nombre: ${message.name}`,
      `Correo: ${message.email}`,
      `Teléfono: ${message.phone}`,
      `Asunto: ${message.subject}`,
      sessionLine(context.loggedIn),
      '',
      'Mensaje:',
      message.comments,
    ].join('\n'),
  };
}

export function suggestionEmail(
  supportEmail: string,
  suggestion: Suggestion,
  context: { loggedIn: boolean },
): OutgoingEmail {
  const category = SUGGESTION_CATEGORY_LABELS[suggestion.category];
  return {
    to: supportEmail,
    replyTo: suggestion.mail,
    kind: 'support.suggestion',
    subject: `Sugerencia de producto: ${suggestion.nameProduct} (${category})`,
    text: [
      'Nueva sugerencia de producto desde el centro de ayuda de Mandado.',
      `Para responder, escribe a: ${suggestion.mail}`,
      '',
      `Categoría: ${category}`,
      `Producto: ${suggestion.nameProduct}`,
      `Correo: ${suggestion.mail}`,
      sessionLine(context.loggedIn),
      '',
      'Descripción:',
      suggestion.description,
    ].join('\n'),
  };
}
