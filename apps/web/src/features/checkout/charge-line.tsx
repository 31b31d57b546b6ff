import type { Rates } from '@mandado/shared/money';
import { type TextCurrency, usdText } from '@mandado/shared/money-text';
import { type ChargeMethod, chargeTexts } from './checkout-charge.ts';

/** Under the total from the first step (issue 29): the rate used and, before the last step, the charge in dollars. */
export function ChargeLine({
  totalUsdMinor,
  display,
  method,
  review,
}: {
  totalUsdMinor: number;
  display: TextCurrency & { rates: Rates };
  method: ChargeMethod | null;
  /** On 'Revisar Pedido' the step itself says 'Se cobrará …' beside the button: the bar keeps the amount only. */
  review: boolean;
}) {
  const { rate, charge } = chargeTexts(totalUsdMinor, display, method);
  return (
    <span className="checkout-total-bar__charge">
      {rate ? `${rate} · ` : ''}
      {review ? usdText(totalUsdMinor) : charge}
    </span>
  );
}
