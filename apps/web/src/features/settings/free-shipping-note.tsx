import { parseMoney } from '@mandado/shared/money';
import { formatMinorIn } from '@mandado/web-kit/display-money.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';

/** Spec §1: the free-shipping threshold is in dollars; shown in the display currency. */
export function FreeShippingNote({ className }: { className?: string }) {
  const settings = usePublicSettings();
  const display = useDisplayCurrency();
  if (!settings || !display.ready) return <p className={className}>&nbsp;</p>;
  const amount = formatMinorIn(parseMoney(settings.free_shipping_threshold), 'USD', display);
  return <p className={className}>Envío gratis en compras mayores a {amount}</p>;
}
