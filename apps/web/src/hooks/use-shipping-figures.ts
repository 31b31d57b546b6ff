import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { usePublicSettings } from './use-public-settings.ts';

/** The shipping fees per store and the free-shipping threshold, as the policy texts quote them ('US$ 2,99'). */
export interface ShippingFigures {
  inCity: string;
  outsideCity: string;
  freeFrom: string;
}

/**
 * The figures the shipping policy, the terms and the help area quote, from the public settings (decision 038):
 * operators change them in Ajustes, and every text follows. Null until who-am-I answers, so no page ever quotes
 * a figure that is not the one charged.
 */
export function useShippingFigures(): ShippingFigures | null {
  const settings = usePublicSettings();
  if (!settings) return null;
  const figure = (amount: string) => usdText(parseMoney(amount), { whole: 'short' });
  return {
    inCity: figure(settings.shipping_fee_in_city),
    outsideCity: figure(settings.shipping_fee_outside_city),
    freeFrom: figure(settings.free_shipping_threshold),
  };
}
