import { PromoBanner } from '../../features/settings/promo-banner.tsx';
import { ChangeCityHost } from '../city-choice/change-city-host.tsx';
import { NotMyCityHost } from '../city-choice/not-my-city-host.tsx';
import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';
import { TopMenu } from './top-menu.tsx';
import './layout.css';

/** Spec §2 default layout: menu, promo banner, page, footer, mobile menus and the city overlays. */
export function DefaultLayout() {
  return (
    <div className="shell shell--with-bar">
      <SkipLink />
      <TopMenu />
      <PromoBanner />
      <PageOutlet />
      {/* Slot for the cart strip and the expanded cart (later issue). */}
      <DeferredSiteFooter />
      <MobileBottomBar />
      <NotMyCityHost />
      <ChangeCityHost />
    </div>
  );
}
