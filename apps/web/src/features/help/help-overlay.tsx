import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { type HelpView, useAppStore } from '../../state/app-store.ts';
import { ContactForm } from './contact-form.tsx';
import type { FaqAction } from './faq.data.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { PaymentInstructionsView } from './payment-instructions-view.tsx';
import { ShippingPolicyView } from './shipping-policy-view.tsx';
import { SuggestionForm } from './suggestion-form.tsx';
import { SupportContactBlock } from './support-contact-block.tsx';
import './help.css';

/** Spec §2: the visible menu. Suggestion and instruction views are reached from answers and links only. */
const MENU: ReadonlyArray<{ view: HelpView; label: string }> = [
  { view: 'faq', label: 'Preguntas Frecuentes' },
  { view: 'contact', label: 'Contáctanos' },
  { view: 'shipping', label: 'Políticas de envío' },
];

const ACTION_VIEWS: Partial<Record<FaqAction, HelpView>> = {
  suggestion: 'suggestion',
  instructions: 'instructions',
  contact: 'contact',
};

/** Spec §2 Help overlay: a dialog with the left menu (a strip on top on phones) and the open view. */
export function HelpOverlay({ view }: { view: HelpView }) {
  const setHelpView = useAppStore((state) => state.setHelpView);
  const openReferral = useAppStore((state) => state.openReferral);
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  // A view opened from inside the content (an answer's button) takes the focus to its start, since the button
  // that had it is gone; the menu's buttons keep theirs.
  const focusContent = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is the trigger: each new view may take the focus.
  useEffect(() => {
    if (!focusContent.current) return;
    focusContent.current = false;
    content.current?.focus();
  }, [view]);

  function openFromContent(next: HelpView) {
    focusContent.current = true;
    setHelpView(next);
  }

  function handleAction(action: FaqAction) {
    if (action === 'cities') {
      // Spec §2 City selection: the FAQ 'cities' link opens the selector, which is the home page.
      setHelpView(null);
      navigate('/');
      return;
    }
    if (action === 'referral') {
      setHelpView(null);
      openReferral();
      return;
    }
    const next = ACTION_VIEWS[action];
    if (next) openFromContent(next);
  }

  const inMenu = MENU.some((item) => item.view === view);
  return (
    <Dialog title="Ayuda" variant="wide" onClose={() => setHelpView(null)} closeLabel="Cerrar la ayuda">
      <div className="help-overlay">
        <div className="help-overlay__side">
          <nav aria-label="Secciones de ayuda">
            <ul className="help-menu">
              {MENU.map((item) => (
                <li key={item.view}>
                  <button
                    type="button"
                    className="help-menu__item"
                    aria-current={item.view === view ? 'true' : undefined}
                    onClick={() => setHelpView(item.view)}
                  >
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section className="help-overlay__support" aria-labelledby="help-support-title">
            <h3 id="help-support-title" className="help-overlay__support-title">
              Atención al cliente
            </h3>
            <SupportContactBlock />
          </section>
        </div>
        <div ref={content} className="help-overlay__content" tabIndex={-1}>
          {inMenu ? null : (
            <button
              type="button"
              className="help-link-button help-overlay__back"
              onClick={() => setHelpView('faq')}
            >
              ← Volver a Preguntas Frecuentes
            </button>
          )}
          <HelpViewContent view={view} onAction={handleAction} />
        </div>
      </div>
    </Dialog>
  );
}

function HelpViewContent({ view, onAction }: { view: HelpView; onAction: (action: FaqAction) => void }) {
  const settings = usePublicSettings();
  switch (view) {
    case 'faq':
      return (
        <div className="help-view">
          <h3 className="help-view__title">Preguntas Frecuentes</h3>
          {settings ? (
            <FaqAccordion settings={settings} onAction={onAction} />
          ) : (
            <div className="help-view__loading">
              <Spinner />
              <span className="visually-hidden">Cargando las preguntas</span>
            </div>
          )}
        </div>
      );
    case 'contact':
      return <ContactForm />;
    case 'shipping':
      return <ShippingPolicyView />;
    case 'suggestion':
      return <SuggestionForm />;
    case 'instructions':
      return <PaymentInstructionsView />;
  }
}
