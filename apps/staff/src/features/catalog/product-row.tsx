import type { MerchantProduct, MerchantStockChange } from '@mandado/shared/merchant-catalog.schemas';
import { PRODUCT_STOCK_MAX } from '@mandado/shared/merchant-catalog.schemas';
import { ImageIcon } from '@mandado/web-kit/icons.tsx';
import { memo } from 'react';
import { Link } from 'react-router';
import { type CatalogReturn, editProductPath } from './catalog-paths.ts';
import { productPriceTexts, stockFigure } from './catalog-text.ts';

interface ProductRowProps {
  product: MerchantProduct;
  /** The list's search, so the form comes back to it. */
  listSearch: string;
  onStock: (productId: number, change: MerchantStockChange) => void;
}

/**
 * One product of the owner's list: its photo, name, price and state link to the form; below, the stock with
 * '−' and '+' and 'Agotado'. A button that can do nothing now (− at 0) stays focusable (aria-disabled), so a
 * keyboard user tapping it again is not thrown back to the top of the page.
 */
export const ProductRow = memo(function ProductRow({ product, listSearch, onStock }: ProductRowProps) {
  const price = productPriceTexts(product);
  const stock = stockFigure(product.stock);
  const empty = product.stock <= 0;
  const full = product.stock >= PRODUCT_STOCK_MAX;
  const state: CatalogReturn = { listSearch };

  function change(next: MerchantStockChange, possible: boolean) {
    if (possible) onStock(product.id, next);
  }

  return (
    <article className={product.active ? 'catalog-row' : 'catalog-row catalog-row--paused'}>
      <Link to={editProductPath(product.id)} state={state} className="catalog-row__link">
        {product.images[0] ? (
          <img
            src={product.images[0]}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="catalog-row__image"
          />
        ) : (
          <span className="catalog-row__image catalog-row__image--missing" aria-hidden="true">
            <ImageIcon size={24} />
          </span>
        )}
        <span className="catalog-row__text">
          <span className="catalog-row__name">{product.name}</span>
          <span className="price price--small">
            <span className="price__current">{price.current}</span>
            {price.old ? (
              <s className="price__old">
                <span className="visually-hidden">Antes </span>
                {price.old}
              </s>
            ) : null}
          </span>
          <span className="catalog-row__meta">
            <span className="catalog-row__category">{product.category}</span>
            {product.active ? null : <span className="badge catalog-badge--paused">Pausado</span>}
            {empty ? <span className="badge catalog-badge--empty">Sin stock</span> : null}
          </span>
        </span>
      </Link>
      <div className="catalog-row__stock">
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={`Quitar una unidad de ${product.name}`}
            aria-disabled={empty || undefined}
            onClick={() => change({ delta: -1 }, !empty)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span
            className={empty ? 'stepper__value stepper__value--empty' : 'stepper__value'}
            aria-live="polite"
          >
            {stock.figure} <span className="stepper__unit">{stock.unit}</span>
          </span>
          <button
            type="button"
            className="stepper__button"
            aria-label={`Sumar una unidad de ${product.name}`}
            aria-disabled={full || undefined}
            onClick={() => change({ delta: 1 }, !full)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <button
          type="button"
          className="button button--secondary button--small catalog-row__sold-out"
          aria-label={`Agotado: ${product.name}`}
          aria-disabled={empty || undefined}
          onClick={() => change({ set: 0 }, !empty)}
        >
          Agotado
        </button>
      </div>
    </article>
  );
});
