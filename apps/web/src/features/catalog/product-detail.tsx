import type { Product } from '@mandado/shared/catalog.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { IMAGE_SIZES } from '../../lib/image-srcset.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { findCachedProduct, frequentlyBoughtQueryOptions, productQueryOptions } from './catalog.api.ts';
import { ProductCard } from './product-card.tsx';
import type { ProductLink } from './use-product-dialog.ts';
import './catalog.css';

type RelatedLink = (product: Product) => Pick<ProductLink, 'to'> & Partial<ProductLink>;

function stockText(stock: number): string {
  if (stock <= 0) return 'Sin stock por ahora';
  return stock <= 5 ? `¡Quedan ${stock}!` : 'En stock';
}

interface FrequentlyBoughtProps {
  productId: number;
  linkFor: RelatedLink;
  /** One level below the product's name: h2 under the page's h1, h3 under the dialog's h2 title. */
  Heading: 'h2' | 'h3';
}

function FrequentlyBought({ productId, linkFor, Heading }: FrequentlyBoughtProps) {
  const related = useQuery(frequentlyBoughtQueryOptions(productId));
  // Below the product itself: rendered from a deferred copy, in time slices, so its cards never block the
  // page's first interactions (decision 017).
  const items = useDeferredValue(related.data);
  if (related.isLoading || (related.data && !items)) {
    return (
      <div className="related" aria-busy="true">
        <Heading className="related__title">Frecuentemente comprados juntos</Heading>
        <Spinner size="small" label="Cargando productos relacionados" />
      </div>
    );
  }
  if (!items?.length) return null;
  return (
    <section className="related" aria-labelledby={`related-${productId}`}>
      <Heading id={`related-${productId}`} className="related__title">
        Frecuentemente comprados juntos
      </Heading>
      <ul className="related__list">
        {items.map((product) => {
          const link = linkFor(product);
          return (
            <li key={product.id}>
              <ProductCard product={product} to={link.to} state={link.state} replace={link.replace} compact />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface ProductDetailProps {
  product: Product;
  /** On the standalone page the name is the page's h1; in the dialog the dialog title names it. */
  showName: boolean;
  relatedLinkFor: RelatedLink;
}

export function ProductDetail({ product, showName, relatedLinkFor }: ProductDetailProps) {
  return (
    <div className="product-detail">
      <div className="product-detail__main">
        <div className="product-detail__media">
          <FallbackImage
            src={product.images[0]}
            alt={product.name}
            width={400}
            height={400}
            eager
            sizes={IMAGE_SIZES.detail}
          />
        </div>
        <div className="product-detail__info">
          <p className="product-detail__eyebrow">
            {product.store_name} · {product.category}
          </p>
          {showName ? <h1 className="product-detail__name">{product.name}</h1> : null}
          <PriceTag product={product} size="large" showBadge />
          <p className={product.stock > 0 ? 'product-detail__stock' : 'product-detail__stock is-out'}>
            {stockText(product.stock)}
          </p>
          {/* The action before the description: a long text never pushes it below a phone's first screen. */}
          <div className="product-detail__actions">
            <AddToCartButton product={product} size="large" />
          </div>
          {product.description ? <p className="product-detail__description">{product.description}</p> : null}
        </div>
      </div>
      <FrequentlyBought productId={product.id} linkFor={relatedLinkFor} Heading={showName ? 'h2' : 'h3'} />
    </div>
  );
}

interface ProductDetailDialogProps {
  productId: number;
  onClose: () => void;
  relatedLinkFor: RelatedLink;
}

/** The product detail over the product list; the page behind keeps its scroll (locked while open). */
export function ProductDetailDialog({ productId, onClose, relatedLinkFor }: ProductDetailDialogProps) {
  const queryClient = useQueryClient();
  const product = useQuery({
    ...productQueryOptions(productId),
    initialData: () => findCachedProduct(queryClient, productId),
  });
  return (
    <Dialog title={product.data?.name ?? 'Producto'} variant="wide" onClose={onClose}>
      {product.data ? (
        <ProductDetail product={product.data} showName={false} relatedLinkFor={relatedLinkFor} />
      ) : product.isError ? (
        <p className="form__alert" role="alert">
          {product.error.message}
        </p>
      ) : (
        <div className="dialog__loading">
          <Spinner label="Cargando producto" />
        </div>
      )}
    </Dialog>
  );
}
