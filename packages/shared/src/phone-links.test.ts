import { describe, expect, it } from 'vitest';
import { isUruguayMobile, telUrl, uruguayInternationalDigits, whatsAppChatUrl } from './phone-links.ts';

describe('phone links', () => {
  it('turns the mobile mask into international digits without the trunk 0', () => {
    expect(uruguayInternationalDigits('(091) 123456')).toBe('59891123456');
    expect(telUrl('(091) 123456')).toBe('tel:+59891123456');
    expect(whatsAppChatUrl('(091) 123456')).toBe('https://wa.me/59891123456');
  });

  it('keeps a number already written with the country code', () => {
    expect(uruguayInternationalDigits('+598 91 123 456')).toBe('59891123456');
  });

  it('dials a landline and knows it takes no WhatsApp', () => {
    expect(telUrl('(2622) 1234')).toBe('tel:+59826221234');
    expect(isUruguayMobile('(2622) 1234')).toBe(false);
    expect(isUruguayMobile('(099) 765432')).toBe(true);
  });

  it('gives no link for too few digits', () => {
    expect(telUrl('123')).toBeNull();
  });
});
