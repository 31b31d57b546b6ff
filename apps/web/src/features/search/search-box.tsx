import type { City, Product } from '@mandado/shared/catalog.schemas';
import { storeSlug } from '@mandado/shared/store-kinds';
import { SearchIcon } from '@mandado/web-kit/icons.tsx';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { isSearchable, moveActive, noMatchText, searchPageHref } from './search-term.ts';
import type { ProductSearch } from './use-product-search.ts';
import './search.css';

// The dropdown (the search itself, the result rows with their photos and prices) is not needed to draw the
// page: it loads when the shopper first points at or focuses the box, so the browse routes' first load does
// not carry it. The input stays here and keeps what is typed meanwhile; the results show once it arrives.
const SearchPanel = lazy(
  lazyWithReload(() => import('./search-panel.tsx').then((module) => ({ default: module.SearchPanel }))),
);

function productHref(product: Product): string {
  return `/${encodeURIComponent(storeSlug(product.store_name))}/productDetails?id=${product.id}`;
}

function statusText(search: ProductSearch): string {
  if (search.isSearching) return 'Buscando productos…';
  if (!search.results) return '';
  if (search.results.length === 0) return noMatchText(search.term);
  return search.results.length === 1
    ? '1 producto encontrado'
    : `${search.results.length} productos encontrados`;
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
  const [wanted, setWanted] = useState(false);
  /** What the dropdown reports; null until it has loaded. */
  const [search, setSearch] = useState<ProductSearch | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const results = search?.results ?? [];
  const expanded =
    search !== null && open && (isSearchable(term.trim()) || city === null) && term.trim().length > 0;
  const want = () => setWanted(true);

  const choose = useCallback(
    (product: Product) => {
      setOpen(false);
      setActiveIndex(-1);
      inputRef.current?.blur();
      navigate(productHref(product));
    },
    [navigate],
  );

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
            aria-controls={search ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={expanded ? activeId : undefined}
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setOpen(true);
              setActiveIndex(-1);
              want();
            }}
            onFocus={() => {
              setOpen(true);
              want();
            }}
            onPointerEnter={want}
            onKeyDown={handleKeyDown}
          />
          {search?.isSearching ? <Spinner size="small" /> : null}
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {expanded && search ? statusText(search) : ''}
        </p>
        {wanted ? (
          <Suspense fallback={null}>
            <SearchPanel
              city={city}
              term={term}
              expanded={expanded}
              listId={listId}
              activeIndex={activeIndex}
              onSearch={setSearch}
              onActivate={setActiveIndex}
              onChoose={choose}
            />
          </Suspense>
        ) : null}
      </form>
    </search>
  );
}
