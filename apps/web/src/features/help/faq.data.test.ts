import { describe, expect, it } from 'vitest';
import { type FaqSettings, faqEntries } from './faq.data.ts';

const SETTINGS: FaqSettings = {
  free_shipping_threshold: '80.00',
  shipping_fee_in_city: '2.99',
  shipping_fee_outside_city: '4.99',
  referral_invitee_reward: '5.00',
  referral_inviter_reward: '5.00',
  referral_minimum_purchase: '50.00',
  support_hours: 'lunes a domingo, de 8:00 a 20:00',
};

function allText(settings: FaqSettings): string {
  return faqEntries(settings)
    .flatMap((entry) => [entry.question, ...entry.answer, entry.action?.label ?? ''])
    .join('\n');
}

describe('faqEntries', () => {
  it('has about 17 questions, each with a non-empty question and answer and a unique id', () => {
    const entries = faqEntries(SETTINGS);
    expect(entries.length).toBeGreaterThanOrEqual(15);
    expect(entries.length).toBeLessThanOrEqual(19);
    for (const entry of entries) {
      expect(entry.question.trim()).not.toBe('');
      expect(entry.answer.length).toBeGreaterThan(0);
      for (const paragraph of entry.answer) expect(paragraph.trim()).not.toBe('');
      if (entry.action) expect(entry.action.label.trim()).not.toBe('');
    }
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it('reads the free-shipping threshold and the shipping fees from the settings', () => {
    const shipping = (settings: FaqSettings) =>
      faqEntries(settings)
        .find((entry) => entry.id === 'costo-envio')
        ?.answer.join(' ');
    expect(shipping(SETTINGS)).toContain('mayores a US$ 80');
    expect(shipping({ ...SETTINGS, free_shipping_threshold: '65.50' })).toContain('mayores a US$ 65,50');
    expect(shipping(SETTINGS)).toContain('US$ 2,99 dentro de la ciudad y US$ 4,99 fuera');
    expect(
      shipping({ ...SETTINGS, shipping_fee_in_city: '3.50', shipping_fee_outside_city: '6.00' }),
    ).toContain('US$ 3,50 dentro de la ciudad y US$ 6 fuera');
  });

  it('reads the referral figures from the settings', () => {
    const referral = faqEntries({
      ...SETTINGS,
      referral_invitee_reward: '7.00',
      referral_inviter_reward: '3.50',
      referral_minimum_purchase: '40.00',
    })
      .find((entry) => entry.id === 'referidos')
      ?.answer.join(' ');
    expect(referral).toContain('recibe US$ 7 de crédito en su primera compra de al menos US$ 40');
    expect(referral).toContain('tú ganas US$ 3,50');
  });

  it('covers the topics of spec §1: Zelle, Delaware, the hours, the cities link and the suggestion link', () => {
    const text = allText(SETTINGS);
    expect(text).toContain('No aceptamos Zelle.');
    expect(text).toContain('Delaware');
    expect(text).toContain('lunes a domingo, de 8:00 a 20:00');
    expect(text).toContain('24 a 48 horas, de lunes a viernes');
    expect(text).toContain('Colombia, Chile y Perú');
    const actions = faqEntries(SETTINGS).map((entry) => entry.action?.kind);
    expect(actions).toEqual(expect.arrayContaining(['cities', 'suggestion', 'instructions', 'contact']));
  });

  it('labels the instructions link as what it opens (UX review), not as a second question', () => {
    const instructions = faqEntries(SETTINGS).find((entry) => entry.question.includes('por transferencia'));
    expect(instructions?.action?.label).toBe('Ver instrucciones de transferencia');
  });

  it('speaks with "tú", never with voseo', () => {
    const voseo =
      /\b(vos|querés|podés|tenés|sabés|elegí|contanos|escribinos|ingresá|hacé|mirá|pedila|compartí|invitá|usá|pagá)\b/i;
    expect(allText(SETTINGS)).not.toMatch(voseo);
  });
});

describe('the support hours answer (decision 038)', () => {
  it('quotes the support_hours setting, not a constant', () => {
    const text = faqEntries({ ...SETTINGS, support_hours: 'lunes a viernes, de 9:00am a 6:00pm' })
      .flatMap((entry) => entry.answer)
      .join(' ');
    expect(text).toContain('Atendemos de lunes a viernes, de 9:00am a 6:00pm.');
  });
});
