import type { Store } from '@mandado/shared/catalog.schemas';
import { openingHoursLine } from '@mandado/shared/store-hours';
import { STORE_KIND_LABELS } from '@mandado/shared/store-kinds';
import { preparationPromiseText } from '@mandado/shared/store-preparation';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { IMAGE_SIZES } from '../../lib/image-srcset.ts';
import './stores.css';

interface StoreHeaderProps {
  store: Store;
  /** The overview's h1 is the store; a category page's h1 is the category. */
  isPageHeading: boolean;
}

export function StoreHeader({ store, isPageHeading }: StoreHeaderProps) {
  const Name = isPageHeading ? 'h1' : 'p';
  // Hours never stop a purchase (decision 047): they say when the store works, read on this page's clock.
  const hoursLine = openingHoursLine(store.hours, new Date());
  return (
    <div className="store-header">
      <FallbackImage
        src={store.logo}
        alt=""
        width={200}
        height={200}
        className="store-header__logo"
        eager
        sizes={IMAGE_SIZES.logo}
      />
      <div className="store-header__text">
        <p className="store-header__kind">{STORE_KIND_LABELS[store.category]}</p>
        <Name className="store-header__name">
          {isPageHeading ? (
            store.name
          ) : (
            <Link to={`/${encodeURIComponent(store.slug)}/products`}>{store.name}</Link>
          )}
        </Name>
        <p className="store-header__address">
          {[store.address_line1, store.address_line2].filter(Boolean).join(', ')}
        </p>
        {hoursLine ? <p className="store-header__hours">{hoursLine}</p> : null}
        {/* Issue 31: the owner's promise, once they set one. */}
        {store.preparation_minutes !== null ? (
          <p className="store-header__hours">{preparationPromiseText(store.preparation_minutes)}</p>
        ) : null}
      </div>
      <Link to="/stores" className="button button--secondary button--small store-header__change">
        Cambiar tienda
      </Link>
      {/* Issue 18: why 'Agregar' will be refused, before the shopper tries (role=status: read when it shows). */}
      {store.availability.reason ? (
        <p className="notice notice--warn store-header__closed" role="status">
          <strong>{store.availability.badge}.</strong> {store.availability.reason}
        </p>
      ) : null}
    </div>
  );
}
