import { WEB_PATHS } from '@mandado/shared/web-routes';
import { BrandMark, IconSvg } from '@mandado/web-kit/icons.tsx';
import { Link } from 'react-router';
import { SupportContactBlock } from '../../features/help/support-contact-block.tsx';
import { referralRewardLine } from '../../features/referral/referral-share.ts';
import { FreeShippingNote } from '../../features/settings/free-shipping-note.tsx';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { useAppStore } from '../../state/app-store.ts';
import { FooterHelpTabs } from './footer-help-tabs.tsx';
import { ReferralEmailBox } from './referral-email-box.tsx';
import './footer-help.css';

// The social icons live here: the footer is a deferred chunk and nothing else uses them.
function FacebookIcon() {
  return (
    <IconSvg>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V9H6.5v3.5H9V21h3.5v-8.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
    </IconSvg>
  );
}

function InstagramIcon() {
  return (
    <IconSvg>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </IconSvg>
  );
}

export function SiteFooter() {
  const openReferral = useAppStore((state) => state.openReferral);
  const settings = usePublicSettings();
  return (
    <footer className="site-footer">
      <section className="container" aria-labelledby="footer-referral">
        <div className="site-footer__referral">
          <div>
            <h2 id="footer-referral" className="site-footer__referral-title">
              Gana crédito por cada amigo que invites
            </h2>
            {settings ? <p className="site-footer__referral-reward">{referralRewardLine(settings)}</p> : null}
            <button type="button" className="footer-link-button" onClick={() => openReferral()}>
              Invita a tus amigos y gana
            </button>
          </div>
          <ReferralEmailBox />
        </div>
      </section>
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-label="Mandado">
          <p className="site-footer__logo">
            <BrandMark size={28} /> Mandado
          </p>
          <p className="site-footer__tagline">
            Compras en tiendas oficiales de Montevideo, entregadas en la casa de tu familia.
          </p>
          <ul className="site-footer__social">
            <li>
              <a href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer">
                <FacebookIcon /> Facebook
              </a>
            </li>
            <li>
              <a href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer">
                <InstagramIcon /> Instagram
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            Empresa
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/termsandconditions">Términos y condiciones</Link>
            </li>
            <li>
              <Link to="/termsuse">Términos de uso</Link>
            </li>
            <li>
              <Link to={WEB_PATHS.privacy}>Política de privacidad</Link>
            </li>
            <li>
              <Link to={WEB_PATHS.storeApplication}>Vende en Mandado</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            Ayuda
          </h2>
          <FooterHelpTabs listClassName="site-footer__links" />
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Atención al cliente
          </h2>
          <SupportContactBlock />
          <FreeShippingNote className="site-footer__shipping" />
        </section>
      </div>
      <p className="site-footer__legal container">
        © {new Date().getFullYear()} Mandado. Empresa registrada en Delaware, EE. UU.
      </p>
    </footer>
  );
}
