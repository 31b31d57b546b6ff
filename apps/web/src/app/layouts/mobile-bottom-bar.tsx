import { PinIcon, StoreIcon } from '@mandado/web-kit/icons.tsx';
import { Link, NavLink } from 'react-router';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { CurrencySelect } from '../../features/currency/currency-select.tsx';
import { useShownCity } from '../../features/locations/use-shown-city.ts';
import { UserMenuButton } from '../account/user-menu-button.tsx';
import { ReferralBarButton } from '../referral/referral-bar-button.tsx';

/** Spec §2 mobile bottom bar (≤ 812 px); 'VER CARRITO | total' sits above it (app/cart/cart-dock.tsx). */
export function MobileBottomBar() {
  const city = useShownCity();
  return (
    <nav className="bottom-bar" aria-label="Menú móvil">
      <NavLink to="/stores" className="bottom-bar__item">
        <StoreIcon />
        <span>Tiendas</span>
      </NavLink>
      <Link to="/" className="bottom-bar__item bottom-bar__item--city" title={city?.name}>
        <PinIcon />
        <span className="bottom-bar__city">{city?.name ?? 'Ciudad'}</span>
      </Link>
      <CartButton variant="bar" />
      <ReferralBarButton />
      <CurrencySelect variant="bar" />
      <UserMenuButton />
    </nav>
  );
}
