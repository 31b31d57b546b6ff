import { BrandMark, CloseIcon } from '@mandado/web-kit/icons.tsx';
import { Link } from 'react-router';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { CityPicker } from '../../features/locations/city-picker.tsx';
import { useCities } from '../../features/locations/use-cities.ts';
import { ValueIllustrations } from '../../features/locations/value-illustrations.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { useChooseCity } from '../city-choice/use-choose-city.ts';
import './city-select.page.css';

/** Spec §2 city selection screen: full screen, where the delivery city is chosen. */
export function CitySelectPage() {
  const city = useAppStore((state) => state.city);
  const setNotMyCityOpen = useAppStore((state) => state.setNotMyCityOpen);
  const cities = useCities();
  const { choose } = useChooseCity();
  const { user, isPending } = useCurrentUser();
  // Spec §2: 'Ingresar' only when no user is logged in; hidden until who-am-I answers, so a logged-in
  // user never sees it flash.
  const showLogin = !isPending && user === null;

  return (
    <div className="city-screen">
      <div className="city-screen__bar container">
        <p className="brand brand--static">
          <BrandMark />
          <span className="brand__name">Mandado</span>
        </p>
        <div className="city-screen__bar-actions">
          {showLogin ? (
            <Link to="/login" className="button button--secondary button--small">
              Ingresar
            </Link>
          ) : null}
          {city ? (
            <Link to="/stores" className="icon-button city-screen__close">
              <CloseIcon />
              <span className="visually-hidden">Cerrar</span>
            </Link>
          ) : null}
        </div>
      </div>

      <div className="city-screen__content container">
        <section className="city-screen__picker" aria-labelledby="city-screen-title">
          <p className="eyebrow">Compras online para tu familia en Uruguay</p>
          <h1 id="city-screen-title" className="city-screen__title">
            ¿A qué ciudad enviamos tu compra?
          </h1>
          <p className="city-screen__lead">
            Elige la ciudad de entrega para ver las tiendas y los productos disponibles.
          </p>
          <CityPicker
            cities={cities.data}
            isLoading={cities.isLoading}
            isError={cities.isError}
            onRetry={() => void cities.refetch()}
            currentCity={city}
            onChoose={choose}
            onNotMyCity={() => setNotMyCityOpen(true)}
          />
        </section>
        <section className="city-screen__value" aria-labelledby="city-screen-how">
          <h2 id="city-screen-how" className="city-screen__how">
            Así de fácil
          </h2>
          <ValueIllustrations />
        </section>
      </div>
    </div>
  );
}
