import { useNavigate } from 'react-router';
import { ExpandedCart } from '../../features/cart/expanded-cart.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { useCartTotals } from './use-cart-totals.ts';

/** The open expanded cart: 'Pagar' closes it and goes to checkout (spec §4 Expanded cart closing). */
export function OpenExpandedCart() {
  const dispatch = useAppStore((state) => state.cartUiDispatch);
  const navigate = useNavigate();
  const totals = useCartTotals();
  return (
    <ExpandedCart
      totals={totals}
      onClose={() => dispatch({ type: 'close-expanded' })}
      onPay={() => {
        dispatch({ type: 'close-expanded' });
        navigate('/checkout');
      }}
    />
  );
}
