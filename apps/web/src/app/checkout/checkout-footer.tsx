import { Link } from 'react-router';
import { SupportContactBlock } from '../../features/help/support-contact-block.tsx';
import { FooterHelpTabs } from '../layouts/footer-help-tabs.tsx';
import '../layouts/footer-help.css';

/**
 * Spec §2 Footer, checkout variant: no browsing links or referral box to pull the shopper away from paying;
 * the terms, the help tabs (they open the help overlay over the checkout), the support contact and hours, and
 * the payment note stay.
 */
export function CheckoutFooter() {
  return (
    <footer className="site-footer site-footer--checkout checkout-footer">
      <div className="container checkout-footer__inner">
        <p>Pago seguro. El cobro se hace en dólares estadounidenses (USD).</p>
        <SupportContactBlock />
        <ul className="checkout-footer__links">
          <li>
            <Link to="/termsandconditions">Términos y condiciones</Link>
          </li>
          <li>
            <Link to="/termsuse">Términos de uso</Link>
          </li>
        </ul>
        <nav aria-label="Ayuda">
          <FooterHelpTabs listClassName="checkout-footer__links" />
        </nav>
        <p className="checkout-footer__legal">
          © {new Date().getFullYear()} Mandado. Empresa registrada en Delaware, EE. UU.
        </p>
      </div>
    </footer>
  );
}
