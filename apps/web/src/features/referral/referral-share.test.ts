import { shortNumberText, usdText } from '@mandado/shared/money-text';
import { describe, expect, it } from 'vitest';
import { referralRewardLine, referralShareLinks, referralSteps } from './referral-share.ts';

const FIGURES = {
  referral_invitee_reward: '5.00',
  referral_inviter_reward: '5.00',
  referral_minimum_purchase: '50.00',
};

describe('shortNumberText', () => {
  it('writes a whole reward without cents (spec: "Gana 5") and keeps cents when there are some', () => {
    expect(shortNumberText(500)).toBe('5');
    expect(shortNumberText(5000)).toBe('50');
    expect(shortNumberText(750)).toBe('7,50');
  });
});

describe('referralShareLinks', () => {
  const links = referralShareLinks('https://mandado.uy/', 'tok-123', FIGURES);

  it("carries the user's token to /register", () => {
    expect(links.link).toBe('https://mandado.uy/register?referral_token=tok-123');
  });

  it('puts the text and the link in one WhatsApp message, and the link in the Facebook sharer', () => {
    const whatsapp = new URL(links.whatsapp);
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toBe(`${links.text} ${links.link}`);
    expect(new URL(links.facebook).searchParams.get('u')).toBe(links.link);
    expect(links.text).toContain('US$ 5 ');
    expect(links.text).toContain('US$ 50)');
  });
});

describe('referralSteps', () => {
  it('reads the figures from settings and says they are US dollars', () => {
    const steps = referralSteps({ ...FIGURES, referral_inviter_reward: '7.00' });
    expect(steps[1]).toContain('recibe US$ 5 de crédito en su primera compra desde US$ 50.');
    expect(steps[2]).toContain('Tú ganas US$ 7 de crédito');
  });
});

describe('figures and referralRewardLine (UX review: amounts carry their currency)', () => {
  it('drops whole cents and keeps others', () => {
    expect(usdText(500, { whole: 'short' })).toBe('US$ 5');
    expect(usdText(550, { whole: 'short' })).toBe('US$ 5,50');
  });

  it('says under the headline that the credit is in US dollars', () => {
    expect(referralRewardLine({ ...FIGURES, referral_inviter_reward: '5.50' })).toBe(
      'US$ 5,50 de crédito para ti y US$ 5 para tu amigo en su primera compra desde US$ 50.',
    );
  });
});
