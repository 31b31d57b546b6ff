import { parseMoney } from './money.ts';
import { usdText } from './money-text.ts';

/**
 * The referral program (spec §1, §4 Referral, §9; issue 11; decision 026), one home for its rules. Amounts are
 * integer USD cents. The three figures are settings (`referral_invitee_reward`, `referral_inviter_reward`,
 * `referral_minimum_purchase`); these are their defaults.
 */
export const REFERRAL_DEFAULTS = {
  inviteeReward: '5.00',
  inviterReward: '5.00',
  minimumPurchase: '50.00',
} as const;

/** Setting keys of the three figures, in the settings table. */
export const REFERRAL_SETTING_KEYS = {
  inviteeReward: 'referral_invitee_reward',
  inviterReward: 'referral_inviter_reward',
  minimumPurchase: 'referral_minimum_purchase',
} as const;

/** Where an invitation link lands (spec §2 Routes: /register reads `referral_token`). */
export const REFERRAL_QUERY_PARAM = 'referral_token';

/** Mail providers that ignore dots in the local part, so "a.na@gmail.com" and "ana@gmail.com" are one inbox. */
const DOT_BLIND_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One inbox, one spelling: lowercase, the "+alias" tag dropped and, for Gmail, dots removed and googlemail
 * folded into gmail. Used to tell self-referral ("the same e-mail under another alias"), never stored as the
 * account's e-mail.
 */
export function canonicalEmail(email: string): string {
  // NFKC folds full-width and compatibility letters ("ＧＭＡＩＬ") into plain ones; a trailing dot names the
  // same domain ("gmail.com.").
  const trimmed = email.normalize('NFKC').trim().toLowerCase().replace(/\.+$/, '');
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOT_BLIND_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

export interface ReferralParty {
  email: string;
  /** E.164 ("+59891234567"), or null when unknown. */
  phoneE164: string | null;
}

/** Self-referral (issue 11): the same inbox under another alias, or the same phone. No reward then. */
export function isSelfReferral(inviter: ReferralParty, invitee: ReferralParty): boolean {
  if (canonicalEmail(inviter.email) === canonicalEmail(invitee.email)) return true;
  return inviter.phoneE164 !== null && inviter.phoneE164 === invitee.phoneE164;
}

export interface ReferralAmounts {
  inviteeReward: number;
  inviterReward: number;
  minimumPurchase: number;
}

/**
 * The invitee's welcome credit on an order (cents): the reward when the referral still waits for its first
 * qualifying purchase and the goods after the coupon (before shipping) reach the minimum, else 0. "First
 * purchase" means the first order that reaches the minimum: a smaller order before it costs nothing.
 * Never more than what is still due after the credit chosen from the balance (`dueAfterCredit`), so the
 * welcome credit is always spent on this order and none of it is left over in the balance, where it could
 * outlive the order (decision 026).
 */
export function welcomeCreditFor(input: {
  pending: boolean;
  goodsAfterCoupon: number;
  dueAfterCredit: number;
  amounts: ReferralAmounts;
}): number {
  if (!input.pending) return 0;
  if (input.amounts.inviteeReward <= 0) return 0;
  if (input.goodsAfterCoupon < input.amounts.minimumPurchase) return 0;
  return Math.max(0, Math.min(input.amounts.inviteeReward, input.dueAfterCredit));
}

/**
 * How much of a reward a reversal can take back (cents): all of it, or what is left of the balance when the
 * credit was partly spent already. The ledger never goes below 0; the part not taken back is written in the
 * entry's note (decision 026).
 */
export function reversibleAmount(reward: number, balance: number): number {
  return Math.max(0, Math.min(reward, balance));
}

/** The invitation link: `<origin>/register?referral_token=<token>`. */
export function referralLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/register?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * The text that goes with a shared link (WhatsApp message, e-mail), with the reward in US dollars. The figures
 * are the settings' USD decimals ("5.00"), written as the site writes them ("US$ 5", "US$ 5,50").
 */
export function referralShareText(inviteeReward: string, minimumPurchase: string): string {
  const reward = usdText(parseMoney(inviteeReward), { whole: 'short' });
  const minimum = usdText(parseMoney(minimumPurchase), { whole: 'short' });
  return `Te regalo ${reward} para tu primera compra en Mandado (desde ${minimum}): compras en tiendas de Montevideo con entrega a domicilio para tu familia.`;
}

/** wa.me share link: the text and the link in one message. */
export function whatsappShareUrl(text: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
}

/** Facebook's sharer, which reads the link's page. */
export function facebookShareUrl(link: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;
}
