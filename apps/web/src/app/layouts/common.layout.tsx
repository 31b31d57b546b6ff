import { AccountHosts } from '../account/account-hosts.tsx';
import { CartDock } from '../cart/cart-dock.tsx';
import { HelpHost } from '../help/help-host.tsx';
import { ReferralHost } from '../referral/referral-host.tsx';
import { DeferredSiteFooter } from './deferred-site-footer.tsx';
import { PageOutlet, SkipLink } from './layout-parts.tsx';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';
import { TopMenu } from './top-menu.tsx';
import './layout.css';

/** Spec §2 common layout: the default one without the banner and the city overlays. */
export function CommonLayout() {
  return (
    <div className="shell shell--with-bar">
      <SkipLink />
      <TopMenu />
      <PageOutlet />
      <CartDock />
      <DeferredSiteFooter />
      <MobileBottomBar />
      <AccountHosts />
      <HelpHost />
      <ReferralHost />
    </div>
  );
}
