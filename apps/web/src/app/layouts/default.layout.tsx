import { PromoBanner } from '../../features/settings/promo-banner.tsx';
import { AccountHosts } from '../account/account-hosts.tsx';
import { AddressPopupHost } from '../address/address-popup-host.tsx';
import { CartDock } from '../cart/cart-dock.tsx';
import { AskCityHost } from '../city-choice/ask-city-host.tsx';
import { ChangeCityHost } from '../city-choice/change-city-host.tsx';
import { NotMyCityHost } from '../city-choice/not-my-city-host.tsx';
import { HelpHost } from '../help/help-host.tsx';
import { ReferralHost } from '../referral/referral-host.tsx';
import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';
import { TopMenu } from './top-menu.tsx';
import './layout.css';

/** Spec §2 default layout: menu, promo banner, page, cart strip and expanded cart, footer, mobile menus, the city overlays and the address popup. */
export function DefaultLayout() {
  return (
    <div className="shell shell--with-bar">
      <SkipLink />
      <TopMenu />
      <PromoBanner />
      {/* In the flow above the page (issue 30): the address is offered by a bar, not a popup over the page. */}
      <AddressPopupHost />
      <PageOutlet />
      <CartDock />
      <DeferredSiteFooter />
      <MobileBottomBar />
      <AccountHosts />
      <ReferralHost />
      <NotMyCityHost />
      <ChangeCityHost />
      <AskCityHost />
      <HelpHost />
    </div>
  );
}
