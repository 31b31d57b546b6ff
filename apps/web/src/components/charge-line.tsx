import { type ChargeMethod, chargeTexts } from '@mandado/shared/charge-text';
import type { Rates } from '@mandado/shared/money';
import { type TextCurrency, usdText } from '@mandado/shared/money-text';

/**
 * From the cart onwards (issue 29): the rate the shown total used and what the card will be charged in
 * dollars — the cart's summary and every checkout step's total bar show this one line. The cart already names
 * the rate on its own row ('Cambio'), so it asks for the charge alone.
 */
export function ChargeLine({
  totalUsdMinor,
  display,
  method,
  review = false,
  withRate = true,
  className,
}: {
  totalUsdMinor: number;
  display: TextCurrency & { rates: Rates };
  method: ChargeMethod | null;
  /** On 'Revisar Pedido' the step itself says 'Se cobrará …' beside the button: the bar keeps the amount only. */
  review?: boolean;
  withRate?: boolean;
  className: string;
}) {
  const { rate, charge } = chargeTexts(totalUsdMinor, display, method);
  return (
    <span className={className}>
      {withRate && rate ? `${rate} · ` : ''}
      {review ? usdText(totalUsdMinor) : charge}
    </span>
  );
}
