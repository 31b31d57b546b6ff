import { moneyText, type TextCurrency } from '@mandado/shared/money-text';
/**
 * An amount of the order page already in the display currency (see order-figures.ts), with the exact dollar
 * charge beside it when one is given (only the order's total carries it).
 */
export function FigureAmount({
  minor,
  currency,
  charge,
  className,
}: {
  minor: number;
  currency: TextCurrency;
  charge?: string;
  className?: string;
}) {
  return (
    <span className={className}>
      {moneyText(minor, currency)}
      {charge ? <span className="order-money__usd"> ({charge})</span> : null}
    </span>
  );
}
