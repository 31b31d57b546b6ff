import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { formatDisplayMinor } from './cart-money.ts';
import type { CartTotals } from './cart-totals.ts';

/**
 * Spec §2: the share of the free-shipping threshold reached, capped at 100 %; complete (success) at 100 % or
 * more, danger below.
 */
export function FreeShippingBar({ totals }: { totals: CartTotals }) {
  const display = useDisplayCurrency();
  const progress = totals.progress;
  if (!progress) return null;
  const reached = progress.state === 'success';
  return (
    <div className={`free-shipping free-shipping--${progress.state}`} data-state={progress.state}>
      <p className="free-shipping__text">
        {reached
          ? '¡Tu compra tiene envío gratis!'
          : `Te faltan ${formatDisplayMinor(totals.missing, display)} para el envío gratis`}
      </p>
      <div
        className="free-shipping__track"
        role="progressbar"
        aria-label="Avance hacia el envío gratis"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <span className="free-shipping__fill" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
