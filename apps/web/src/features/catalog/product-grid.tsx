import type { Product } from '@mandado/shared/catalog.schemas';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import type { ProductLink } from './use-product-dialog.ts';

interface ProductGridProps {
  products: Product[];
  linkFor: (product: Product) => ProductLink;
  label: string;
  /** Cards that are likely above the fold load their image eagerly. */
  eagerCount?: number;
  /** The cards' heading level (ProductCard): 2 when the page has no section heading above the grid. */
  headingLevel?: 2 | 3;
}

export function ProductGrid({ products, linkFor, label, eagerCount = 0, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => {
        const link = linkFor(product);
        return (
          <li key={product.id}>
            <ProductCard
              product={product}
              to={link.to}
              state={link.state}
              replace={link.replace}
              eager={index < eagerCount}
              headingLevel={headingLevel}
            />
          </li>
        );
      })}
    </ul>
  );
}

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="product-grid" aria-busy="true">
      {SKELETONS.slice(0, count).map((key) => (
        <ProductCardSkeleton key={key} />
      ))}
    </div>
  );
}
