import { CartDock } from '../cart/cart-dock.tsx';
import { BasicHeader } from './basic.layout.tsx';
import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import './layout.css';

/** Basic plus the cart strip and the expanded cart. */
export function BasicWithCartLayout() {
  return (
    <div className="shell">
      <SkipLink />
      <BasicHeader />
      <PageOutlet />
      <CartDock />
      <DeferredSiteFooter />
    </div>
  );
}
