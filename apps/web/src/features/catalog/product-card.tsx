import type { Product } from '@mandado/shared/catalog.schemas';
import { discountPercent } from '@mandado/shared/product-price';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { IMAGE_SIZES } from '../../lib/image-srcset.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import './catalog.css';

interface ProductCardProps {
  product: Product;
  to: string;
  state?: unknown;
  replace?: boolean;
  eager?: boolean;
  compact?: boolean;
  /**
   * The name's heading level: 3 under a section's h2 (a store's categories), 2 in a page whose only heading
   * above is its h1 (search results, a category page), so headings never skip a level (Lighthouse, axe).
   */
  headingLevel?: 2 | 3;
}

/** A product in a list; the whole card is the link to its detail (stretched link). */
export function ProductCard({
  product,
  to,
  state,
  replace = false,
  eager = false,
  compact = false,
  headingLevel = 3,
}: ProductCardProps) {
  const percent = discountPercent(product);
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={compact ? 'product-card product-card--compact' : 'product-card'}>
      <div className="product-card__media">
        <FallbackImage
          src={product.images[0]}
          alt=""
          width={400}
          height={400}
          eager={eager}
          sizes={IMAGE_SIZES.card}
        />
        {percent ? <span className="badge badge--discount product-card__badge">-{percent}%</span> : null}
        {product.stock <= 0 ? (
          <span className="badge badge--muted product-card__stock">Sin stock</span>
        ) : null}
      </div>
      <div className="product-card__body">
        <Name className="product-card__name">
          <Link to={to} state={state} replace={replace} preventScrollReset className="product-card__link">
            {product.name}
          </Link>
        </Name>
        <PriceTag product={product} size={compact ? 'small' : 'medium'} />
        <AddToCartButton product={product} />
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <span className="skeleton skeleton--text" style={{ width: '90%' }} />
        <span className="skeleton skeleton--text" style={{ width: '55%' }} />
        <span className="skeleton skeleton--title" style={{ width: '40%' }} />
      </div>
    </div>
  );
}
