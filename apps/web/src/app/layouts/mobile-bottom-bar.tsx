import { PinIcon, StoreIcon } from '@mandado/web-kit/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { CurrencySelect } from '../../features/currency/currency-select.tsx';
import { impliedCity } from '../../features/locations/implied-city.ts';
import { citiesQueryOptions } from '../../features/locations/locations.api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { UserMenuButton } from '../account/user-menu-button.tsx';
import { ReferralBarButton } from '../referral/referral-bar-button.tsx';

/** Spec §2 mobile bottom bar (≤ 812 px); 'VER CARRITO | total' sits above it (app/cart/cart-dock.tsx). */
export function MobileBottomBar() {
  const stored = useAppStore((state) => state.city);
  // Without a stored city, the only served city a page implies (decision 085): a store or product page's
  // markup names it as the browser will once it stores it, instead of 'Ciudad' widening to 'Montevideo'
  // after hydration and shifting the bar. Read from the cache only: the bar asks the API for nothing.
  const cities = useQuery({ ...citiesQueryOptions(), enabled: false });
  const city = stored ?? impliedCity(cities.data);
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
