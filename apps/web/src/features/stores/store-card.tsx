import type { Store } from '@mandado/shared/catalog.schemas';
import { STORE_KIND_LABELS } from '@mandado/shared/store-kinds';
import { PinIcon } from '@mandado/web-kit/icons.tsx';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { IMAGE_SIZES } from '../../lib/image-srcset.ts';
import { formatDistance } from './filter-stores.ts';

interface StoreCardProps {
  store: Store;
  selected: boolean;
  distanceKm?: number;
  onSelect: (store: Store) => void;
  eagerLogo?: boolean;
}

/** A store to choose; the whole card is the link to its products (stretched link). */
export function StoreCard({ store, selected, distanceKm, onSelect, eagerLogo = false }: StoreCardProps) {
  const address = [store.address_line1, store.address_line2].filter(Boolean).join(', ');
  return (
    <article className={selected ? 'store-card store-card--selected' : 'store-card'}>
      <FallbackImage
        src={store.logo}
        alt=""
        width={200}
        height={200}
        className="store-card__logo"
        eager={eagerLogo}
        sizes={IMAGE_SIZES.logo}
      />
      <div className="store-card__body">
        <p className="store-card__kind">{STORE_KIND_LABELS[store.category]}</p>
        {/* Directly under the page's h1 on every store list: an h3 skipped a level (Lighthouse heading-order). */}
        <h2 className="store-card__name">
          <Link
            to={`/${encodeURIComponent(store.slug)}/products`}
            className="store-card__link"
            onClick={() => onSelect(store)}
          >
            {store.name}
          </Link>
        </h2>
        <p className="store-card__address">
          <PinIcon size={16} />
          <span>{address}</span>
        </p>
      </div>
      <div className="store-card__meta">
        {distanceKm !== undefined ? (
          <span className="chip chip--static">{formatDistance(distanceKm)}</span>
        ) : null}
        {selected ? <span className="chip chip--brand">Tu tienda</span> : null}
        {/* Paused or closed by its owner (issue 18): said before the shopper opens it. */}
        {store.availability.badge ? (
          <span className="chip chip--static store-card__closed">{store.availability.badge}</span>
        ) : null}
      </div>
    </article>
  );
}

export function StoreCardSkeleton() {
  return (
    <div className="store-card store-card--skeleton" aria-hidden="true">
      <span className="skeleton store-card__logo" />
      <div className="store-card__body">
        <span className="skeleton skeleton--text" style={{ width: '40%' }} />
        <span className="skeleton skeleton--title" style={{ width: '70%' }} />
        <span className="skeleton skeleton--text" style={{ width: '85%' }} />
      </div>
    </div>
  );
}
