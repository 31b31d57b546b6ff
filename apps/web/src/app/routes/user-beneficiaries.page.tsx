import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { Link } from 'react-router';
import { BeneficiariesManager } from '../../features/beneficiaries/beneficiaries-manager.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { renderAddressPicker } from '../address/render-address-picker.tsx';

/** Spec §2 /user/beneficiaries ('Mis Direcciones'): the same list and form as checkout, for the delivery city. */
export function UserBeneficiariesPage() {
  const city = useAppStore((state) => state.city);
  return (
    <section className="user-area__section" aria-labelledby="user-section-title">
      <h2 id="user-section-title" className="user-area__section-title">
        Mis Direcciones
      </h2>
      {city ? (
        <BeneficiariesManager city={city} renderAddressPicker={renderAddressPicker} />
      ) : (
        <EmptyState title="Elige primero la ciudad de envío">
          <p>Las direcciones se guardan para la ciudad a la que envías tus compras.</p>
          <p>
            <Link to="/" className="button button--primary button--small">
              Elegir ciudad
            </Link>
          </p>
        </EmptyState>
      )}
    </section>
  );
}
