import { BasicHeader } from './basic.layout.tsx';
import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import './layout.css';

/** Basic plus the cart; until the cart exists it renders like basic with the slot kept. */
export function BasicWithCartLayout() {
  return (
    <div className="shell">
      <SkipLink />
      <BasicHeader />
      <PageOutlet />
      <div className="cart-slot" />
      <DeferredSiteFooter />
    </div>
  );
}
