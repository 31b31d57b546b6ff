import type { City, Product } from '@mandado/shared/catalog.schemas';
import { shouldTrackSearch } from '@mandado/shared/validation-rules';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useEffect, useRef } from 'react';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { track } from '../../lib/analytics.ts';
import { noMatchText } from './search-term.ts';
import { type ProductSearch, useProductSearch } from './use-product-search.ts';

interface SearchPanelProps {
  city: City | null;
  term: string;
  expanded: boolean;
  listId: string;
  activeIndex: number;
  /** The search's state for the box: its keys, its spinner and its status line. */
  onSearch: (search: ProductSearch) => void;
  onActivate: (index: number) => void;
  onChoose: (product: Product) => void;
}

/**
 * The search box's dropdown (spec §2): runs the debounced search for the box's term and lists the results.
 * Loaded when the shopper first points at or focuses the box (search-box.tsx), not with the page.
 */
export function SearchPanel({
  city,
  term,
  expanded,
  listId,
  activeIndex,
  onSearch,
  onActivate,
  onChoose,
}: SearchPanelProps) {
  const search = useProductSearch(city, term);
  const { results, isSearching, error } = search;
  const shownTerm = expanded && results ? search.term : '';
  const trackedTerm = useRef('');

  useEffect(() => {
    onSearch({ term: search.term, results, isSearching, error, active: search.active });
  }, [onSearch, search.term, results, isSearching, error, search.active]);

  // Spec §4 analytics: one search event per term whose list is shown, above 3 characters.
  useEffect(() => {
    if (!shouldTrackSearch(shownTerm) || trackedTerm.current === shownTerm) return;
    trackedTerm.current = shownTerm;
    track('search', { search_term: shownTerm, results: results?.length ?? 0 });
  }, [shownTerm, results]);

  const list = results ?? [];
  return (
    <div className="search-panel" hidden={!expanded}>
      {city === null ? (
        <p className="search-panel__note">Elige una ciudad para buscar productos.</p>
      ) : isSearching && list.length === 0 ? (
        <p className="search-panel__note">
          <Spinner size="small" /> Buscando…
        </p>
      ) : error ? (
        <p className="search-panel__note" role="alert">
          {error.message}
        </p>
      ) : results && list.length === 0 ? (
        <p className="search-panel__note">{noMatchText(search.term)}</p>
      ) : null}
      <div id={listId} role="listbox" aria-label="Resultados de la búsqueda" className="search-results">
        {list.map((product, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter).
          <div
            key={product.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'search-result is-active' : 'search-result'}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onActivate(index)}
            onClick={() => onChoose(product)}
          >
            <FallbackImage
              src={product.images[0]}
              alt=""
              width={48}
              height={48}
              className="search-result__image"
            />
            <span className="search-result__text">
              <span className="search-result__name">{product.name}</span>
              <span className="search-result__store">{product.store_name}</span>
            </span>
            <PriceTag product={product} size="small" />
          </div>
        ))}
      </div>
    </div>
  );
}
