import type { City, Product } from '@mandado/shared/catalog.schemas';
import { storeSlug } from '@mandado/shared/store-kinds';
import { shouldTrackSearch } from '@mandado/shared/validation-rules';
import { SearchIcon } from '@mandado/web-kit/icons.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { PriceTag } from '../../components/price-tag.tsx';
import { track } from '../../lib/analytics.ts';
import { isSearchable, moveActive, noMatchText, searchPageHref } from './search-term.ts';
import { useProductSearch } from './use-product-search.ts';
import './search.css';

function productHref(product: Product): string {
  return `/${encodeURIComponent(storeSlug(product.store_name))}/productDetails?id=${product.id}`;
}

function statusText(isSearching: boolean, results: Product[] | undefined, term: string): string {
  if (isSearching) return 'Buscando productos…';
  if (!results) return '';
  if (results.length === 0) return noMatchText(term);
  return results.length === 1 ? '1 producto encontrado' : `${results.length} productos encontrados`;
}

interface SearchBoxProps {
  city: City | null;
}

/** The top menu's product search with its dropdown (spec §2): a combobox over the ranked results. */
export function SearchBox({ city }: SearchBoxProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const search = useProductSearch(city, term);
  const results = search.results ?? [];
  const expanded = open && (search.active || city === null) && term.trim().length > 0;
  const status = statusText(search.isSearching, search.results, search.term);
  const shownTerm = expanded && search.results ? search.term : '';
  const trackedTerm = useRef('');

  // Spec §4 analytics: one search event per term whose list is shown, above 3 characters.
  useEffect(() => {
    if (!shouldTrackSearch(shownTerm) || trackedTerm.current === shownTerm) return;
    trackedTerm.current = shownTerm;
    track('search', { search_term: shownTerm, results: search.results?.length ?? 0 });
  }, [shownTerm, search.results]);

  function choose(product: Product) {
    setOpen(false);
    setActiveIndex(-1);
    inputRef.current?.blur();
    navigate(productHref(product));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActiveIndex((current) => moveActive(current, results.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
      } else if (term) {
        setTerm('');
      }
    }
  }

  /**
   * Enter opens the option chosen with the arrows, else the results page for the term (issue 16); a term too
   * short to search just opens the dropdown's hint.
   */
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const product = expanded ? results[activeIndex] : undefined;
    if (product) {
      choose(product);
      return;
    }
    if (city !== null && isSearchable(term)) {
      setOpen(false);
      setActiveIndex(-1);
      inputRef.current?.blur();
      navigate(searchPageHref(term));
      return;
    }
    setOpen(true);
  }

  const activeId = activeIndex >= 0 && results[activeIndex] ? `${listId}-${activeIndex}` : undefined;

  return (
    <search
      className="search-box"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <form onSubmit={handleSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Buscar productos
        </label>
        <div className="search-field search-field--header">
          <SearchIcon className="search-field__icon" />
          <input
            ref={inputRef}
            id={inputId}
            className="search-field__input"
            type="search"
            placeholder="Buscar"
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded ? activeId : undefined}
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setOpen(true);
              setActiveIndex(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={handleKeyDown}
          />
          {search.isSearching ? <Spinner size="small" /> : null}
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {expanded ? status : ''}
        </p>
        <div className="search-panel" hidden={!expanded}>
          {city === null ? (
            <p className="search-panel__note">Elige una ciudad para buscar productos.</p>
          ) : search.isSearching && results.length === 0 ? (
            <p className="search-panel__note">
              <Spinner size="small" /> Buscando…
            </p>
          ) : search.error ? (
            <p className="search-panel__note" role="alert">
              {search.error.message}
            </p>
          ) : search.results && results.length === 0 ? (
            <p className="search-panel__note">{noMatchText(search.term)}</p>
          ) : null}
          <div id={listId} role="listbox" aria-label="Resultados de la búsqueda" className="search-results">
            {results.map((product, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter).
              <div
                key={product.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={index === activeIndex ? 'search-result is-active' : 'search-result'}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(product)}
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
      </form>
    </search>
  );
}
