import { Link, NavLink } from 'react-router';
import { PinIcon, StoreIcon } from '../../components/icons.tsx';
import { CurrencySelect } from '../../features/currency/currency-select.tsx';
import { useAppStore } from '../../stores/app-store.ts';

/** Spec §2 mobile bottom bar (≤ 812 px). Cart, credit and user buttons join later. */
export function MobileBottomBar() {
  const city = useAppStore((state) => state.city);
  return (
    <nav className="bottom-bar" aria-label="Menú móvil">
      <NavLink to="/stores" className="bottom-bar__item">
        <StoreIcon />
        <span>Tiendas</span>
      </NavLink>
      <Link to="/" className="bottom-bar__item">
        <PinIcon />
        <span className="bottom-bar__city">{city?.name ?? 'Ciudad'}</span>
      </Link>
      <CurrencySelect variant="bar" />
    </nav>
  );
}
