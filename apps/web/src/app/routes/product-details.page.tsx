import type { Product } from '@mandado/shared/catalog.schemas';
import { storeSlug } from '@mandado/shared/store-kinds';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { productIdParam, productQueryOptions } from '../../features/catalog/catalog.api.ts';
import { ProductDetail } from '../../features/catalog/product-detail.tsx';
import { useImpliedCity } from '../../features/locations/use-implied-city.ts';
import { NotFoundContent } from './not-found.page.tsx';

function detailsHref(product: Product): string {
  return `/${encodeURIComponent(storeSlug(product.store_name))}/productDetails?id=${product.id}`;
}

function Breadcrumb({ product }: { product: Product }) {
  const storePath = `/${encodeURIComponent(storeSlug(product.store_name))}/products`;
  return (
    <nav className="breadcrumb" aria-label="Ubicación">
      <ol>
        <li>
          <Link to="/stores">Tiendas</Link>
        </li>
        <li>
          <Link to={storePath}>{product.store_name}</Link>
        </li>
        <li>
          <Link to={`${storePath}/${product.category_id}`}>{product.category}</Link>
        </li>
      </ol>
    </nav>
  );
}

/** Spec §2 /:store/productDetails?id=: the standalone product page the search opens. */
export function ProductDetailsPage() {
  // A shared product link opens for a visitor without a city; the only served city is taken silently so
  // 'Agregar al carrito' works there too (issue 30 item 5).
  useImpliedCity();
  const [params] = useSearchParams();
  const id = productIdParam(params.get('id'));
  const product = useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });

  if (id === null) return <NotFoundContent />;
  if (product.error) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFoundContent />;
    return (
      <div className="container page-section">
        <QueryError message={product.error.message} onRetry={() => void product.refetch()} />
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="container page-section page-loading">
        <Spinner label="Cargando producto" />
      </div>
    );
  }
  return (
    <div className="container page-section">
      <Breadcrumb product={product.data} />
      <article className="product-page">
        <ProductDetail
          product={product.data}
          showName
          relatedLinkFor={(item) => ({ to: detailsHref(item) })}
        />
      </article>
    </div>
  );
}
