import type { Category } from '@mandado/shared/catalog.schemas';
import { Link } from 'react-router';
import './catalog.css';

interface CategoryNavProps {
  storeSlug: string;
  categories: Category[] | undefined;
  activeId: number | null;
  /** `?orden=…`, so the chosen order follows the shopper. */
  search: string;
}

export function CategoryNav({ storeSlug, categories, activeId, search }: CategoryNavProps) {
  const base = `/${encodeURIComponent(storeSlug)}/products`;
  return (
    <nav className="category-nav" aria-label="Categorías">
      <ul className="chip-row chip-row--scroll">
        <li>
          <Link
            to={`${base}${search}`}
            className={activeId === null ? 'chip chip--active' : 'chip'}
            aria-current={activeId === null ? 'page' : undefined}
          >
            Todo
          </Link>
        </li>
        {categories?.map((category) => (
          <li key={category.id}>
            <Link
              to={`${base}/${category.id}${search}`}
              className={activeId === category.id ? 'chip chip--active' : 'chip'}
              aria-current={activeId === category.id ? 'page' : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
