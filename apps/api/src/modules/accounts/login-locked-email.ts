import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/**
 * Told once, when failed logins lock the account (decision 053): what happened and what to do. Never the
 * addresses the tries came from: they would tell a guesser nothing new and the owner little.
 */
export function loginLockedEmail(recipient: {
  email: string;
  firstName: string;
  failures: number;
  lockMinutes: number;
}): OutgoingEmail {
  const name = recipient.firstName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const what = `Hubo ${recipient.failures} intentos fallidos de iniciar sesión en tu cuenta de Mandado, así que bloqueamos el ingreso por ${recipient.lockMinutes} minutos.`;
  const you =
    'Si fuiste tú, espera y vuelve a intentarlo, o elige una nueva contraseña con «¿Olvidaste tu contraseña?».';
  const notYou =
    'Si no fuiste tú, alguien podría estar probando contraseñas: elige una nueva contraseña que no uses en otro sitio.';
  const lines = [greeting, what, you, notYou, 'El equipo de Mandado'];
  return {
    to: recipient.email,
    subject: 'Bloqueamos por un rato el ingreso a tu cuenta de Mandado',
    kind: 'account.login_locked',
    text: [greeting, '', what, you, '', notYou, '', 'El equipo de Mandado'].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
}
