import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
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

/** A settings figure inside a sentence: "US$ 5", "US$ 5,50". */
function figure(decimal: string): string {
  return usdText(parseMoney(decimal), { whole: 'short' });
}

/** The line under the popup's headline: the headline's bare "5" (spec copy) is in US dollars. */
export function referralRewardLine(figures: ReferralFigures): string {
  const inviter = figure(figures.referral_inviter_reward);
  const invitee = figure(figures.referral_invitee_reward);
  const minimum = figure(figures.referral_minimum_purchase);
  return `${inviter} de crédito para ti y ${invitee} para tu amigo en su primera compra desde ${minimum}.`;
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
  const text = referralShareText(figures.referral_invitee_reward, figures.referral_minimum_purchase);
  return { link, text, whatsapp: whatsappShareUrl(text, link), facebook: facebookShareUrl(link) };
}

/** The three steps of the popup (spec §2), with the figures from settings. */
export function referralSteps(figures: ReferralFigures): [string, string, string] {
  const invitee = figure(figures.referral_invitee_reward);
  const minimum = figure(figures.referral_minimum_purchase);
  const inviter = figure(figures.referral_inviter_reward);
  return [
    'Invita a tus amigos y familiares con tu enlace o por correo.',
    `Tu invitado se registra con tu enlace y recibe ${invitee} de crédito en su primera compra desde ${minimum}.`,
    `Tú ganas ${inviter} de crédito cuando esa compra se paga.`,
  ];
}
