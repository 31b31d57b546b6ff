import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/contact.ts';

/**
 * Spec §2 Footer, checkout variant: no browsing links or referral box to pull the shopper away from paying;
 * the terms, the support hours and address, and the payment note stay.
 */
export function CheckoutFooter() {
  return (
    <footer className="site-footer site-footer--checkout checkout-footer">
      <div className="container checkout-footer__inner">
        <p>Pago seguro. El cobro se hace en dólares estadounidenses (USD).</p>
        <p>
          Atención al cliente: Lunes a Domingo, 8:00am a 8:00pm ·{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <ul className="checkout-footer__links">
          <li>
            <Link to="/termsandconditions">Términos y condiciones</Link>
          </li>
          <li>
            <Link to="/termsuse">Términos de uso</Link>
          </li>
          <li>
            <Link to="/termsuse#politicas-de-envio">Políticas de envío</Link>
          </li>
        </ul>
        <p className="checkout-footer__legal">
          © {new Date().getFullYear()} Mandado. Empresa registrada en Delaware, EE. UU.
        </p>
      </div>
    </footer>
  );
}
