import { HelpHost } from '../help/help-host.tsx';
import { BasicHeader } from '../layouts/basic.layout.tsx';
import { PageOutlet, SkipLink } from '../layouts/layout-parts.tsx';
import { ReferralHost } from '../referral/referral-host.tsx';
import { CheckoutFooter } from './checkout-footer.tsx';
import '../layouts/layout.css';
import './checkout.css';

/** Spec §2: checkout has the slim header, no cart strip and the checkout variant of the footer. */
export function CheckoutLayout() {
  return (
    <div className="shell shell--checkout">
      <SkipLink />
      <BasicHeader />
      <PageOutlet />
      <CheckoutFooter />
      <HelpHost />
      <ReferralHost />
    </div>
  );
}
