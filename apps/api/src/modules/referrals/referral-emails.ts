import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { referralShareText } from '@mandado/shared/referral-rules';
import { firstNameForOthers } from '@mandado/shared/validation-rules';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/** The referral program's e-mails (issue 11, decision 026), in Spanish, plain text with an HTML alternative. */

/** A settings figure ("5.00") as the site writes it inside a sentence: "US$ 5" (money-text.ts). */
function figure(decimal: string): string {
  return usdText(parseMoney(decimal), { whole: 'short' });
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#0b6e4f;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function html(paragraphs: string[], extra: string[]): string {
  return [
    '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...extra,
    '<p>El equipo de Mandado</p>',
    '</body></html>',
  ].join('\n');
}

/**
 * The invitation a remitter sends a friend: who invites, the reward and its minimum (settings, US dollars as
 * "5.00"), and the registration link carrying the inviter's token.
 */
export function invitationEmail(input: {
  to: string;
  inviterFirstName: string;
  link: string;
  inviteeReward: string;
  minimumPurchase: string;
}): OutgoingEmail {
  // Only the first name, and only in the body: the subject is ours alone, so nobody can send a message that
  // reads as Mandado's own ("URGENTE: verifica…") to an inbox that never asked for it. A stored name that
  // fails today's name rules (a link, a domain, an '@', over 40 characters; issue 16) is not quoted at all.
  const who = firstNameForOthers(input.inviterFirstName, 'Un amigo');
  const intro = `${who} te invita a Mandado.`;
  const offer = referralShareText(input.inviteeReward, input.minimumPurchase);
  const how = 'Crea tu cuenta con este enlace y el regalo se aplica solo al pagar tu primera compra:';
  const ignore = 'Si no conoces a quien te invita, ignora este correo.';
  return {
    to: input.to,
    subject: `Te invitaron a Mandado: ${figure(input.inviteeReward)} de regalo en tu primera compra`,
    text: ['Hola:', '', intro, offer, '', how, input.link, '', ignore, '', 'El equipo de Mandado'].join('\n'),
    html: html(
      ['Hola:', intro, offer, how],
      [
        button(input.link, 'Crear mi cuenta'),
        `<p style="font-size:14px">Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(input.link)}</p>`,
        `<p style="font-size:14px">${escapeHtml(ignore)}</p>`,
      ],
    ),
  };
}

/** The inviter hears that the friend's first purchase was paid and the reward is in their wallet. */
export function inviterRewardEmail(input: {
  to: string;
  firstName: string;
  inviteeFirstName: string;
  reward: string;
  walletUrl: string;
}): OutgoingEmail {
  const name = input.firstName.trim();
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const news = `${input.inviteeFirstName.trim() || 'Tu invitado'} hizo su primera compra en Mandado y ganaste ${figure(input.reward)} de crédito.`;
  const use = 'Puedes usarlo en tu próxima compra; lo ves en Mi Billetera:';
  return {
    to: input.to,
    subject: `Ganaste ${figure(input.reward)} de crédito en Mandado`,
    text: [greeting, '', news, use, input.walletUrl, '', 'El equipo de Mandado'].join('\n'),
    html: html([greeting, news, use], [button(input.walletUrl, 'Ver Mi Billetera')]),
  };
}
