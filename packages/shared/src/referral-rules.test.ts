import { describe, expect, it } from 'vitest';
import {
  canonicalEmail,
  facebookShareUrl,
  isSelfReferral,
  REFERRAL_DEFAULTS,
  type ReferralAmounts,
  referralLink,
  reversibleAmount,
  welcomeCreditFor,
  whatsappShareUrl,
} from './referral-rules.ts';

const AMOUNTS: ReferralAmounts = { inviteeReward: 500, inviterReward: 500, minimumPurchase: 5000 };

describe('canonicalEmail', () => {
  it('lowercases, trims and drops a +alias on any provider', () => {
    expect(canonicalEmail('  Ana.Perez+compras@Ejemplo.COM ')).toBe('ana.perez@ejemplo.com');
  });

  it('ignores dots in Gmail local parts and folds googlemail into gmail', () => {
    expect(canonicalEmail('a.n.a+x@gmail.com')).toBe('ana@gmail.com');
    expect(canonicalEmail('A.na@googlemail.com')).toBe('ana@gmail.com');
  });

  it('keeps dots elsewhere: another provider may tell them apart', () => {
    expect(canonicalEmail('a.na@ejemplo.com')).not.toBe(canonicalEmail('ana@ejemplo.com'));
  });
});

describe('canonicalEmail: look-alike spellings of one inbox', () => {
  it('folds full-width letters and a trailing dot', () => {
    expect(canonicalEmail('ana@ＧＭＡＩＬ.com')).toBe('ana@gmail.com');
    expect(canonicalEmail('a.na+x@gmail.com.')).toBe('ana@gmail.com');
  });
});

describe('isSelfReferral', () => {
  const inviter = { email: 'ana@gmail.com', phoneE164: '+59891234567' };

  it('is the same inbox under another alias', () => {
    expect(isSelfReferral(inviter, { email: 'a.na+2@googlemail.com', phoneE164: '+14155552671' })).toBe(true);
  });

  it('is the same phone under another e-mail', () => {
    expect(isSelfReferral(inviter, { email: 'otra@ejemplo.com', phoneE164: '+59891234567' })).toBe(true);
  });

  it('is not another person, nor two unknown phones', () => {
    expect(isSelfReferral(inviter, { email: 'luis@ejemplo.com', phoneE164: '+59899111222' })).toBe(false);
    expect(
      isSelfReferral(
        { email: 'ana@ejemplo.com', phoneE164: null },
        { email: 'luis@ejemplo.com', phoneE164: null },
      ),
    ).toBe(false);
  });
});

describe('welcomeCreditFor', () => {
  it('gives the reward when the goods reach exactly the minimum', () => {
    expect(
      welcomeCreditFor({ pending: true, goodsAfterCoupon: 5000, dueAfterCredit: 5299, amounts: AMOUNTS }),
    ).toBe(500);
  });

  it('gives nothing one cent below the minimum', () => {
    expect(
      welcomeCreditFor({ pending: true, goodsAfterCoupon: 4999, dueAfterCredit: 5298, amounts: AMOUNTS }),
    ).toBe(0);
  });

  it('gives nothing once the referral is no longer pending, or with a reward of 0', () => {
    expect(
      welcomeCreditFor({ pending: false, goodsAfterCoupon: 9000, dueAfterCredit: 9000, amounts: AMOUNTS }),
    ).toBe(0);
    expect(
      welcomeCreditFor({
        pending: true,
        goodsAfterCoupon: 9000,
        dueAfterCredit: 9000,
        amounts: { ...AMOUNTS, inviteeReward: 0 },
      }),
    ).toBe(0);
  });

  it('counts the goods after the coupon: a coupon that takes them below the minimum leaves no gift', () => {
    expect(
      welcomeCreditFor({ pending: true, goodsAfterCoupon: 0, dueAfterCredit: 0, amounts: AMOUNTS }),
    ).toBe(0);
  });

  it('never gives more than is still due after the chosen credit, so nothing is left over in the balance', () => {
    expect(
      welcomeCreditFor({ pending: true, goodsAfterCoupon: 6000, dueAfterCredit: 320, amounts: AMOUNTS }),
    ).toBe(320);
    expect(
      welcomeCreditFor({ pending: true, goodsAfterCoupon: 6000, dueAfterCredit: 0, amounts: AMOUNTS }),
    ).toBe(0);
  });

  it('has defaults of 5, 5 and 50', () => {
    expect(REFERRAL_DEFAULTS).toEqual({
      inviteeReward: '5.00',
      inviterReward: '5.00',
      minimumPurchase: '50.00',
    });
  });
});

describe('reversibleAmount', () => {
  it('takes the whole reward back when the balance covers it', () => {
    expect(reversibleAmount(500, 1200)).toBe(500);
  });

  it('takes at most the balance, never below 0', () => {
    expect(reversibleAmount(500, 200)).toBe(200);
    expect(reversibleAmount(500, 0)).toBe(0);
    expect(reversibleAmount(500, -10)).toBe(0);
  });
});

describe('links', () => {
  it('lands on /register with the token, encoded, whatever the trailing slash', () => {
    expect(referralLink('https://mandado.uy/', 'a+b/c=')).toBe(
      'https://mandado.uy/register?referral_token=a%2Bb%2Fc%3D',
    );
  });

  it('shares the link inside the WhatsApp text and as Facebook sharer URL', () => {
    const link = referralLink('https://mandado.uy', 'tok_123');
    expect(decodeURIComponent(whatsappShareUrl('Hola', link))).toBe(`https://wa.me/?text=Hola ${link}`);
    expect(facebookShareUrl(link)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
  });
});
