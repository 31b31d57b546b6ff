import { STORE_KIND_LABELS, type StoreKind } from '@mandado/shared/store-kinds';
import { Link } from 'react-router';

interface StoreKindFilterProps {
  kinds: { kind: StoreKind; count?: number }[];
  total?: number;
  active: StoreKind | null;
  /** With `hrefFor` the options are links (routes carry the kind); otherwise toggle buttons. */
  hrefFor?: (kind: StoreKind | null) => string;
  onChange?: (kind: StoreKind | null) => void;
}

const ALL_LABEL = 'Todas';

/** The store-kind filter: 'Todas' plus the kinds that have stores, with the spec's labels. */
export function StoreKindFilter({ kinds, total, active, hrefFor, onChange }: StoreKindFilterProps) {
  const options: { kind: StoreKind | null; label: string; count: number | undefined }[] = [
    { kind: null, label: ALL_LABEL, count: total },
    ...kinds.map(({ kind, count }) => ({ kind, label: STORE_KIND_LABELS[kind], count })),
  ];
  return (
    <nav className="chip-row store-kind-filter" aria-label="Tipo de tienda">
      {options.map(({ kind, label, count }) => {
        const isActive = kind === active;
        const content = (
          <>
            {label}
            {count !== undefined ? <span className="chip__count">{count}</span> : null}
          </>
        );
        const className = isActive ? 'chip chip--active' : 'chip';
        return hrefFor ? (
          <Link
            key={kind ?? 'all'}
            to={hrefFor(kind)}
            replace
            className={className}
            aria-current={isActive ? 'page' : undefined}
          >
            {content}
          </Link>
        ) : (
          <button
            key={kind ?? 'all'}
            type="button"
            className={className}
            aria-pressed={isActive}
            onClick={() => onChange?.(kind)}
          >
            {content}
          </button>
        );
      })}
    </nav>
  );
}
