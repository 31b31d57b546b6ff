import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { CartDetails } from './cart-details.tsx';
import type { CartTotals } from './cart-totals.ts';

interface ExpandedCartProps {
  totals: CartTotals;
  onClose: () => void;
  onPay: () => void;
}

/**
 * Spec §2 expanded cart. It closes on its close button, a click on the backdrop and Escape (the dialog), on
 * 'Seguir comprando', on going to checkout and when the cart becomes empty (the host unmounts it).
 */
export function ExpandedCart({ totals, onClose, onPay }: ExpandedCartProps) {
  return (
    <Dialog title="Tu carrito" variant="wide" onClose={onClose} closeLabel="Cerrar carrito">
      <CartDetails totals={totals} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Seguir comprando
        </button>
        <button type="button" className="button button--primary" onClick={onPay}>
          Pagar
        </button>
      </div>
    </Dialog>
  );
}
