import { formatAmount } from '@mandado/shared/money';
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
