import { escapeHtml } from '../mail/email-html.ts';
import type { OutgoingEmail } from '../mail/mail.types.ts';

export interface ClaimEmailInput {
  to: string;
  firstName: string;
  beneficiaryFirstName: string;
  storeOrderNumber: string;
  storeName: string;
  /** 'Leche (1), Pan (2)'. */
  missingText: string;
  /** The remitter's order page, where the claim and its refund show. */
  orderUrl: string;
  groupId: number;
}

/** The remitter hears of the family's 'Falta algo' at once (issue 29), with the order page to follow it. */
export function claimEmail(input: ClaimEmailInput): OutgoingEmail {
  const hello = input.firstName.trim() ? `Hola ${input.firstName.trim()}:` : 'Hola:';
  const who = input.beneficiaryFirstName.trim() || 'Quien recibió el pedido';
  const lines = [
    `${who} avisó que falta algo en tu pedido ${input.storeOrderNumber} de ${input.storeName}: ${input.missingText}.`,
    'Nuestro equipo lo revisa con la tienda. Si corresponde, te devolvemos lo que falta y te avisamos.',
  ];
  const url = escapeHtml(input.orderUrl);
  return {
    to: input.to,
    subject: `Falta algo en tu pedido ${input.storeOrderNumber}`,
    kind: 'receipt.claimed',
    groupId: input.groupId,
    text: [hello, '', ...lines, '', `Sigue el aviso: ${input.orderUrl}`, '', 'El equipo de Mandado'].join(
      '\n',
    ),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
      `<p>${escapeHtml(hello)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${url}">Sigue el aviso</a></p>`,
      '<p>El equipo de Mandado</p>',
      '</body></html>',
    ].join('\n'),
  };
}
