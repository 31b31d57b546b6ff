import { formatAmount, parseMoney } from '@mandado/shared/money';
import {
  facebookShareUrl,
  referralLink,
  referralShareText,
  whatsappShareUrl,
} from '@mandado/shared/referral-rules';

/** The referral figures as who-am-I's settings carry them (USD decimal strings). */
export interface ReferralFigures {
  referral_invitee_reward: string;
  referral_inviter_reward: string;
  referral_minimum_purchase: string;
}

/**
 * A reward as the popup's headline says it: "5" for 5.00 (spec §2 'Gana 5 por cada persona que invites'),
 * "5,50" when it has cents. The amounts are US dollars.
 */
export function shortAmount(decimal: string): string {
  const minor = parseMoney(decimal);
  if (minor % 100 === 0) return String(minor / 100);
  return formatAmount(minor, '').trim();
}

export interface ReferralShareLinks {
  /** `<origin>/register?referral_token=<token>`. */
  link: string;
  /** The message that goes with it (WhatsApp, the phone's share sheet). */
  text: string;
  whatsapp: string;
  facebook: string;
}

/** Every way the popup shares a user's invitation, from the site's origin and the user's token. */
export function referralShareLinks(
  origin: string,
  token: string,
  figures: ReferralFigures,
): ReferralShareLinks {
  const link = referralLink(origin, token);
  const text = referralShareText(
    shortAmount(figures.referral_invitee_reward),
    shortAmount(figures.referral_minimum_purchase),
  );
  return { link, text, whatsapp: whatsappShareUrl(text, link), facebook: facebookShareUrl(link) };
}

/** The three steps of the popup (spec §2), with the figures from settings. */
export function referralSteps(figures: ReferralFigures): [string, string, string] {
  const invitee = shortAmount(figures.referral_invitee_reward);
  const minimum = shortAmount(figures.referral_minimum_purchase);
  const inviter = shortAmount(figures.referral_inviter_reward);
  return [
    'Invita a tus amigos y familiares con tu enlace o por correo.',
    `Tu invitado se registra con tu enlace y recibe ${invitee} de crédito en su primera compra desde ${minimum}.`,
    `Tú ganas ${inviter} de crédito cuando esa compra se paga.`,
  ];
}
