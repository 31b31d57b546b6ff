import type { Product } from '@mandado/shared/catalog.schemas';
import { discountPercent, effectivePrice, isDiscounted } from '@mandado/shared/product-price';
import { formatPrice } from '@mandado/web-kit/display-money.ts';
import { useDisplayCurrency } from '../hooks/use-display-currency.ts';

type PricedProduct = Pick<Product, 'price' | 'merchant_discounted_price' | 'discount' | 'currency'>;

interface PriceTagProps {
  product: PricedProduct;
  size?: 'small' | 'medium' | 'large';
  showBadge?: boolean;
}

/** A product's price in the display currency, with the old price struck through when discounted. */
export function PriceTag({ product, size = 'medium', showBadge = false }: PriceTagProps) {
  const display = useDisplayCurrency();
  if (!display.ready) {
    return <span className={`price price--${size} price--loading`} aria-hidden="true" />;
  }
  const current = formatPrice(effectivePrice(product), product.currency, display);
  const old = isDiscounted(product) ? formatPrice(product.price, product.currency, display) : null;
  const percent = showBadge ? discountPercent(product) : null;
  return (
    <span className={`price price--${size}`}>
      <span className="price__current">{current}</span>
      {old ? (
        <s className="price__old">
          <span className="visually-hidden">Antes </span>
          {old}
        </s>
      ) : null}
      {percent ? <span className="badge badge--discount">-{percent}%</span> : null}
    </span>
  );
}
