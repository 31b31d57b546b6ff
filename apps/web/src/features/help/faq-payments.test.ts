import { describe, expect, it } from 'vitest';
import { CARDS_ONLY, type FaqSettings, faqEntries, paymentMethodsSentence } from './faq.data.ts';

const SETTINGS: FaqSettings = {
  free_shipping_threshold: '80.00',
  shipping_fee_in_city: '2.99',
  shipping_fee_outside_city: '4.99',
  referral_invitee_reward: '5.00',
  referral_inviter_reward: '5.00',
  referral_minimum_purchase: '50.00',
  support_hours: 'lunes a domingo, de 8:00 a 20:00',
};

function methodsAnswer(offered = CARDS_ONLY): string {
  return faqEntries(SETTINGS, offered).find((entry) => entry.id === 'medios-de-pago')?.answer[0] ?? '';
}

describe('the FAQ names only the payment methods offered (issue 16)', () => {
  it('without PayPal or Stripe: no PayPal, Apple Pay or wallet', () => {
    const answer = methodsAnswer();
    expect(answer).not.toMatch(/PayPal|Apple Pay|billetera/);
    expect(answer).toMatch(/^Tarjetas de débito y crédito/);
    expect(answer).toContain('transferencias bancarias y depósitos en efectivo.');
  });

  it('PayPal when configured, Apple Pay and the web wallet with Stripe', () => {
    expect(methodsAnswer({ paypal: true, wallets: false })).toMatch(/^PayPal, tarjetas/);
    const all = paymentMethodsSentence({ paypal: true, wallets: true });
    expect(all).toContain('Apple Pay, billetera web y transferencias');
  });
});
