import type { City, Product } from '@mandado/shared/catalog.schemas';
import { storeSlug } from '@mandado/shared/store-kinds';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/product-grid.tsx';
import type { ProductLink } from '../../features/catalog/use-product-dialog.ts';
import { productSearchPageQueryOptions } from '../../features/search/search.api.ts';
import {
  isSearchable,
  noMatchText,
  searchPageHref,
  searchPageParam,
} from '../../features/search/search-term.ts';
import { RequireCityOrImplied } from './require-city.tsx';

/** A result opens the product's own page (its store may not be the one chosen). */
function productLink(product: Product): ProductLink {
  return {
    to: `/${encodeURIComponent(storeSlug(product.store_name))}/productDetails?id=${product.id}`,
    state: {},
    replace: false,
  };
}

function SearchResults({ city }: { city: City }) {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const page = searchPageParam(params.get('pagina'));
  const searchable = isSearchable(term);
  const query = useQuery({
    ...productSearchPageQueryOptions(city.name, term, page),
    enabled: searchable,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page or term moves focus to the heading, so a screen reader hears where it landed.
  const place = term ? `${term}|${page}` : '';
  useEffect(() => {
    if (place) heading.current?.focus();
  }, [place]);

  const results = query.data?.results ?? [];
  const hasNext = query.data?.has_next ?? false;
  let status = '';
  if (!searchable) status = 'Escribe al menos 3 letras en el buscador.';
  else if (query.isPending) status = 'Buscando productos…';
  else if (query.error) status = query.error.message;
  else if (results.length === 0) status = noMatchText(term);
  else status = `Página ${page}: ${results.length === 1 ? '1 producto' : `${results.length} productos`}`;

  return (
    <div className="container page-section">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Enviando a {city.name}</p>
          <h1 className="page-heading__title" ref={heading} tabIndex={-1}>
            {term ? `Resultados para “${term}”` : 'Buscar productos'}
          </h1>
        </div>
      </div>
      <p role="status" aria-live="polite">
        {status}
      </p>
      {searchable && query.isPending ? <ProductGridSkeleton /> : null}
      {results.length > 0 ? (
        <ProductGrid
          products={results}
          linkFor={productLink}
          label="Resultados de la búsqueda"
          eagerCount={4}
          headingLevel={2}
        />
      ) : null}
      {page > 1 || hasNext ? (
        <nav aria-label="Páginas de resultados" className="search-pages">
          {page > 1 ? (
            <Link className="button button--secondary button--small" to={searchPageHref(term, page - 1)}>
              Página anterior
            </Link>
          ) : null}
          <span aria-current="page">Página {page}</span>
          {hasNext ? (
            <Link className="button button--secondary button--small" to={searchPageHref(term, page + 1)}>
              Página siguiente
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * Issue 16: /buscar?q=…&pagina=… — every product of the city that matches, a page at a time. With one served
 * city a visitor without one gets it, as the server rendered the page (decision 083).
 */
export function SearchPage() {
  return <RequireCityOrImplied>{(city) => <SearchResults city={city} />}</RequireCityOrImplied>;
}
