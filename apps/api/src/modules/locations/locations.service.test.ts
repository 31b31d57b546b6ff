import { describe, expect, it } from 'vitest';
import { detectCountry } from './locations.service.ts';

describe('detectCountry (issue 30: the one country behind the currency, the phone and the location offer)', () => {
  it("trusts the proxy's country header over the browser's language", () => {
    expect(detectCountry({ proxyCountry: 'es', acceptLanguage: 'es-UY' })).toEqual({ country_code: 'ES' });
  });

  it("falls back to the language's region when the proxy does not know ('XX') or sends nonsense", () => {
    expect(detectCountry({ proxyCountry: 'XX', acceptLanguage: 'en-US' })).toEqual({ country_code: 'US' });
    expect(detectCountry({ proxyCountry: 'España', acceptLanguage: 'zh-Hant-TW' })).toEqual({
      country_code: 'TW',
    });
  });

  it('is Uruguay, the spec default, when nothing names a country', () => {
    expect(detectCountry()).toEqual({ country_code: 'UY' });
    expect(detectCountry({ acceptLanguage: 'es, *;q=0.5' })).toEqual({ country_code: 'UY' });
  });
});
