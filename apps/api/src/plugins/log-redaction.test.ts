import { describe, expect, it } from 'vitest';
import { maskPathTokens, maskUrlForLog, scrubPersonalData, serializeRequestForLog } from './log-redaction.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';

describe('maskPathTokens', () => {
  it('masks courier and tracking tokens in API and page paths', () => {
    expect(maskPathTokens(`/v1/courier/${TOKEN}/`)).toBe('/v1/courier/…/');
    expect(maskPathTokens(`/v1/courier/${TOKEN}/photos/`)).toBe('/v1/courier/…/photos/');
    expect(maskPathTokens(`/v1/courier/${TOKEN}/delivered/?x=1`)).toBe('/v1/courier/…/delivered/?x=1');
    expect(maskPathTokens(`/entrega/${TOKEN}`)).toBe('/entrega/…');
    expect(maskPathTokens(`/seguimiento/${TOKEN}?utm=mail`)).toBe('/seguimiento/…?utm=mail');
    expect(maskPathTokens(`/v1/tracking/${TOKEN}/`)).toBe('/v1/tracking/…/');
    expect(maskPathTokens(`/v1/store-invitations/${TOKEN}/accept/`)).toBe('/v1/store-invitations/…/accept/');
    expect(maskPathTokens(`/comercio/invitacion/${TOKEN}`)).toBe('/comercio/invitacion/…');
  });

  it('masks the spellings the router also accepts (repeated slashes, another case)', () => {
    expect(maskPathTokens(`//v1//courier//${TOKEN}/`)).toBe('//v1//courier//…/');
    expect(maskPathTokens(`/V1/Courier/${TOKEN}/`)).toBe('/V1/Courier/…/');
  });

  it('leaves other paths alone', () => {
    for (const url of [
      '/v1/orders/MV-12/',
      '/comercio',
      '/v1/courier/',
      '/entrega',
      '/v1/products/?q=courier',
    ]) {
      expect(maskPathTokens(url)).toBe(url);
    }
  });

  it('drops every query value for logs, keeping the names', () => {
    expect(maskUrlForLog(`/password-reset?token=${TOKEN}`)).toBe('/password-reset?token=…');
    expect(maskUrlForLog('/v1/geo/search/?q=Av.%2018%20de%20Julio%201234&limit=5')).toBe(
      '/v1/geo/search/?q=…&limit=…',
    );
    expect(maskUrlForLog(`/seguimiento/${TOKEN}?utm=mail`)).toBe('/seguimiento/…?utm=…');
    expect(maskUrlForLog('/v1/stores/?flag')).toBe('/v1/stores/?flag');
    expect(maskUrlForLog('/v1/orders/MV-12/')).toBe('/v1/orders/MV-12/');
  });

  it('masks e-mail addresses and international phone numbers left in a message', () => {
    expect(scrubPersonalData('Recipient refused: 550 <ana.perez+x@correo.com.uy> unknown')).toBe(
      'Recipient refused: 550 <[email]> unknown',
    );
    expect(scrubPersonalData('Key (phone)=(+598 99 123 456) already exists')).toBe(
      'Key (phone)=([phone]) already exists',
    );
    expect(scrubPersonalData('{"time":1764251234567,"reqId":"req-1","groupId":42}')).toBe(
      '{"time":1764251234567,"reqId":"req-1","groupId":42}',
    );
  });

  it('is what the request serializer logs', () => {
    expect(
      serializeRequestForLog({
        method: 'POST',
        url: `/v1/courier/${TOKEN}/picked-up/?at=now`,
        host: 'localhost',
        ip: '127.0.0.1',
        socket: { remotePort: 5000 },
      }),
    ).toEqual({
      method: 'POST',
      url: '/v1/courier/…/picked-up/?at=…',
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });
});
