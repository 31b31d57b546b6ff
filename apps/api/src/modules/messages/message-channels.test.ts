import { describe, expect, it } from 'vitest';
import { readMessagingConfig } from '../../config.ts';
import { isTwilioSignatureValid, twilioSignature } from './message-channels.ts';

describe('twilioSignature', () => {
  it('matches the example of Twilio’s security documentation', () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(isTwilioSignatureValid('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
    expect(
      isTwilioSignatureValid('12345', url, { ...params, Digits: '1235' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ='),
    ).toBe(false);
  });
});

describe('readMessagingConfig', () => {
  it('is off without credentials, and reads each channel with its defaults', () => {
    expect(readMessagingConfig({})).toEqual({ whatsapp: null, sms: null });
    const config = readMessagingConfig({
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '123',
      WHATSAPP_APP_SECRET: 's',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'a',
      SMS_FROM: '+15005550006',
    });
    expect(config.whatsapp).toEqual({
      token: 't',
      phoneNumberId: '123',
      apiUrl: 'https://graph.facebook.com/v21.0',
      appSecret: 's',
      verifyToken: null,
    });
    expect(config.sms).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'a',
      from: '+15005550006',
    });
  });

  it('refuses half a channel at start', () => {
    expect(() => readMessagingConfig({ WHATSAPP_TOKEN: 't' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => readMessagingConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'a' })).toThrow(/SMS_FROM/);
    expect(() =>
      readMessagingConfig({
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 'a',
        SMS_FROM: 'x',
        SMS_API_URL: 'ftp://x',
      }),
    ).toThrow(/SMS_API_URL/);
  });
});
