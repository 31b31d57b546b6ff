import type { TextCurrency } from '@mandado/shared/money-text';
import { FigureAmount } from './order-money.tsx';

function Minus({ minor, currency }: { minor: number; currency: TextCurrency }) {
  return (
    <>
      − <FigureAmount minor={minor} currency={currency} />
    </>
  );
}

/** The amounts one list adds up, in `currency`'s minor units (a store's order, or the stores together). */
export interface SumFigures {
  subtotal: number;
  discount: number;
  shipping: number;
  credit: number;
  total: number;
}

interface OrderSumsProps {
  figures: SumFigures;
  currency: TextCurrency;
  /** 'Subtotal' for one store, 'Productos' for the stores added up. */
  subtotalLabel: string;
  totalLabel: string;
  /** The exact dollar charge beside the total (only the order's own total carries it). */
  totalCharge?: string;
  coupon: string | null;
  pickup: boolean;
  className: string;
}

/**
 * Subtotal, the coupon's discount, shipping, the credit used and the total, in that order: one list for each
 * store's block and for the order's summary, so both add up the same way and word each line the same.
 */
export function OrderSums({
  figures,
  currency,
  subtotalLabel,
  totalLabel,
  totalCharge,
  coupon,
  pickup,
  className,
}: OrderSumsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>{subtotalLabel}</dt>
        <dd>
          <FigureAmount minor={figures.subtotal} currency={currency} />
        </dd>
      </div>
      {figures.discount === 0 ? null : (
        <div>
          <dt>Descuento{coupon ? ` (cupón ${coupon})` : ''}</dt>
          <dd>
            <Minus minor={figures.discount} currency={currency} />
          </dd>
        </div>
      )}
      <div>
        <dt>Envío</dt>
        <dd>
          {figures.shipping === 0 ? (
            pickup ? (
              'Sin envío (retiro)'
            ) : (
              'Gratis'
            )
          ) : (
            <FigureAmount minor={figures.shipping} currency={currency} />
          )}
        </dd>
      </div>
      {figures.credit === 0 ? null : (
        <div>
          <dt>Crédito usado</dt>
          <dd>
            <Minus minor={figures.credit} currency={currency} />
          </dd>
        </div>
      )}
      <div className="order-sums__total">
        <dt>{totalLabel}</dt>
        <dd>
          <FigureAmount minor={figures.total} currency={currency} charge={totalCharge} />
        </dd>
      </div>
    </dl>
  );
}
