import { describe, expect, it } from 'vitest';
import { maskPathTokens, serializeRequestForLog } from './log-redaction.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';

describe('maskPathTokens', () => {
  it('masks courier and tracking tokens in API and page paths', () => {
    expect(maskPathTokens(`/v1/courier/${TOKEN}/`)).toBe('/v1/courier/…/');
    expect(maskPathTokens(`/v1/courier/${TOKEN}/photos/`)).toBe('/v1/courier/…/photos/');
    expect(maskPathTokens(`/v1/courier/${TOKEN}/delivered/?x=1`)).toBe('/v1/courier/…/delivered/?x=1');
    expect(maskPathTokens(`/entrega/${TOKEN}`)).toBe('/entrega/…');
    expect(maskPathTokens(`/seguimiento/${TOKEN}?utm=mail`)).toBe('/seguimiento/…?utm=mail');
    expect(maskPathTokens(`/v1/tracking/${TOKEN}/`)).toBe('/v1/tracking/…/');
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

  it('is what the request serializer logs', () => {
    expect(
      serializeRequestForLog({
        method: 'POST',
        url: `/v1/courier/${TOKEN}/picked-up/`,
        host: 'localhost',
        ip: '127.0.0.1',
        socket: { remotePort: 5000 },
      }),
    ).toEqual({
      method: 'POST',
      url: '/v1/courier/…/picked-up/',
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });
});
