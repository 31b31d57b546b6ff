import { BrandMark, PinIcon } from '@mandado/web-kit/icons.tsx';
import { Link } from 'react-router';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { CurrencySelect } from '../../features/currency/currency-select.tsx';
import { useShownCity } from '../../features/locations/use-shown-city.ts';
import { SearchBox } from '../../features/search/search-box.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { AccountMenu } from '../account/account-menu.tsx';

export function BrandLink() {
  return (
    <Link to="/stores" className="brand">
      <BrandMark />
      <span className="brand__name">Mandado</span>
    </Link>
  );
}

/** Spec §2 top menu: logo, product search, city, currency, the cart button, 'Iniciar sesión' or 'Mi cuenta'. */
export function TopMenu() {
  const city = useAppStore((state) => state.city);
  const shownCity = useShownCity();
  return (
    <header className="top-menu">
      <div className="top-menu__inner container">
        <BrandLink />
        <SearchBox city={city} />
        <div className="top-menu__actions">
          <Link to="/" className="city-button">
            <PinIcon />
            <span className="city-button__text">
              <span className="city-button__hint">Enviar a</span>
              <span className="city-button__name">{shownCity?.name ?? 'Elige tu ciudad'}</span>
            </span>
          </Link>
          <CurrencySelect variant="header" />
          <CartButton variant="header" />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
