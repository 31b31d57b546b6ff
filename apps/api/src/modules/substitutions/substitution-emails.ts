import { dayAndTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { SubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

/**
 * To the remitter the moment the store proposes a substitute (issue 29): what is missing, what the store
 * offers for it and at what price, and the signed link where they choose (no login needed).
 */
export function substitutionQuestionEmail(input: {
  to: string;
  firstName: string;
  question: SubstitutionQuestion;
  url: string;
  waitMinutes: number;
  /** Set when the store closes before the wait runs out (decision 073): the wait counts within its hours. */
  deadline?: Date | null;
}): OutgoingEmail {
  const { question } = input;
  const name = input.firstName.trim();
  const lines = [
    name ? `Hola ${name}:` : 'Hola:',
    '',
    `${question.store_name} no tiene ${question.line.quantity - question.available_quantity} × ${question.line.name} de tu pedido ${question.store_order_number}.`,
    `Te propone en su lugar ${question.substitute.quantity} × ${question.substitute.name}, por ${usdText(parseMoney(question.substitute.price))}: nunca más de lo que pagaste.`,
    'Elige si lo aceptas, si prefieres que te devolvamos el dinero o que la tienda te llame.',
    input.deadline
      ? `Si no respondes antes del ${dayAndTimeText(input.deadline.toISOString())} (hora de Uruguay), hacemos lo que elegiste al comprar: la tienda espera ${input.waitMinutes} minutos de su horario.`
      : `Si no respondes en ${input.waitMinutes} minutos, hacemos lo que elegiste al comprar.`,
  ];
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: `¿Aceptas un reemplazo en tu pedido ${question.store_order_number}?`,
    text: [...lines, '', `Elegir: ${input.url}`, '', 'El equipo de Mandado'].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      ...lines.filter((line) => line !== '').map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${url}">Elegir</a></p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}
