import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import { BrandLink } from './top-menu.tsx';
import './layout.css';

export function BasicHeader() {
  return (
    <header className="top-menu top-menu--basic">
      <div className="top-menu__inner container">
        <BrandLink />
      </div>
    </header>
  );
}

/** A slim header, the page and the footer. */
export function BasicLayout() {
  return (
    <div className="shell">
      <SkipLink />
      <BasicHeader />
      <PageOutlet />
      <DeferredSiteFooter />
    </div>
  );
}
