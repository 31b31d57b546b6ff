import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/** The e-mail carrying a reset link, in Spanish, as plain text with an HTML alternative. */
export function passwordResetEmail(recipient: {
  email: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): OutgoingEmail {
  const validity = recipient.validMinutes === 60 ? 'una hora' : `${recipient.validMinutes} minutos`;
  const intro = 'Recibimos un pedido para restablecer la contraseña de tu cuenta de Mandado.';
  const instructions = `Para elegir una nueva contraseña, abre este enlace. Vale por ${validity} y se puede usar una sola vez:`;
  const ignore = 'Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma.';
  const name = recipient.firstName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const link = escapeHtml(recipient.link);
  return {
    to: recipient.email,
    subject: 'Restablece tu contraseña de Mandado',
    text: [
      greeting,
      '',
      intro,
      instructions,
      '',
      recipient.link,
      '',
      ignore,
      '',
      'El equipo de Mandado',
    ].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)} ${escapeHtml(instructions)}</p>`,
      `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#0b6e4f;color:#ffffff;border-radius:6px;text-decoration:none">Elegir una nueva contraseña</a></p>`,
      `<p style="font-size:14px">Si el botón no funciona, copia esta dirección en tu navegador:<br>${link}</p>`,
      `<p style="font-size:14px">${escapeHtml(ignore)}</p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}
