import { parseMoney } from '@mandado/shared/money';
import type { ShippingFees } from '@mandado/shared/shipping';

/** The fees from the 'in|outside' key the who-am-I selectors build (a string keeps the memos stable). */
export function feesFromKey(key: string): ShippingFees {
  const [inCity = '2.99', outsideCity = '4.99'] = key.split('|');
  return { inCity: parseMoney(inCity), outsideCity: parseMoney(outsideCity) };
}
