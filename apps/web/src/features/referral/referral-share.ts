import {
  facebookShareUrl,
  referralLink,
  referralShareText,
  whatsappShareUrl,
} from '@mandado/shared/referral-rules';
import { shortAmount, usdAmount } from '../../lib/usd-amount.ts';

/** The referral figures as who-am-I's settings carry them (USD decimal strings). */
export interface ReferralFigures {
  referral_invitee_reward: string;
  referral_inviter_reward: string;
  referral_minimum_purchase: string;
}

/** The line under the popup's headline: the headline's bare "5" (spec copy) is in US dollars. */
export function referralRewardLine(figures: ReferralFigures): string {
  const inviter = usdAmount(figures.referral_inviter_reward);
  const invitee = usdAmount(figures.referral_invitee_reward);
  const minimum = usdAmount(figures.referral_minimum_purchase);
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
  const text = referralShareText(
    shortAmount(figures.referral_invitee_reward),
    shortAmount(figures.referral_minimum_purchase),
  );
  return { link, text, whatsapp: whatsappShareUrl(text, link), facebook: facebookShareUrl(link) };
}

/** The three steps of the popup (spec §2), with the figures from settings. */
export function referralSteps(figures: ReferralFigures): [string, string, string] {
  const invitee = usdAmount(figures.referral_invitee_reward);
  const minimum = usdAmount(figures.referral_minimum_purchase);
  const inviter = usdAmount(figures.referral_inviter_reward);
  return [
    'Invita a tus amigos y familiares con tu enlace o por correo.',
    `Tu invitado se registra con tu enlace y recibe ${invitee} de crédito en su primera compra desde ${minimum}.`,
    `Tú ganas ${inviter} de crédito cuando esa compra se paga.`,
  ];
}
