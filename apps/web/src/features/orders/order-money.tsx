import { formatAmount, parseMoney } from '@mandado/shared/money';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { formatPrice } from '../../lib/display-money.ts';

/** "US$ 58,40": what was charged (orders are charged in dollars, spec §1). */
export function usdText(decimal: string): string {
  return formatAmount(parseMoney(decimal), 'US$');
}

/**
 * An order amount in the shopper's display currency, with the dollar amount actually charged beside it
 * when they differ (spec §1: the card's bank does the final conversion).
 */
export function OrderAmount({ usd, className }: { usd: string; className?: string }) {
  const display = useDisplayCurrency();
  const shown = formatPrice(usd, 'USD', display);
  if (display.code === 'USD') return <span className={className}>{usdText(usd)}</span>;
  return (
    <span className={className}>
      {shown} <span className="order-money__usd">({usdText(usd)})</span>
    </span>
  );
}
