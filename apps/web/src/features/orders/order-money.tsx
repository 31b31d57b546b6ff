import { formatAmount } from '@mandado/shared/money';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { formatPrice } from '../../lib/display-money.ts';
import { usdText } from './order-figures.ts';

/**
 * A dollar amount of the order list in the shopper's display currency, with the dollar amount charged beside
 * it when they differ (spec §1: the card's bank does the final conversion).
 */
export function OrderAmount({ usd, className }: { usd: string; className?: string }) {
  const display = useDisplayCurrency();
  if (display.code === 'USD') return <span className={className}>{usdText(usd)}</span>;
  return (
    <span className={className}>
      {formatPrice(usd, 'USD', display)} <span className="order-money__usd">({usdText(usd)})</span>
    </span>
  );
}

/**
 * An amount of the order page already in the display currency (see order-figures.ts), with the exact dollar
 * charge beside it when one is given (only the order's total carries it).
 */
export function FigureAmount({
  minor,
  symbol,
  charge,
  className,
}: {
  minor: number;
  symbol: string;
  charge?: string;
  className?: string;
}) {
  return (
    <span className={className}>
      {formatAmount(minor, symbol)}
      {charge ? <span className="order-money__usd"> ({charge})</span> : null}
    </span>
  );
}
