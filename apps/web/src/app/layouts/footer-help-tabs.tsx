import { type HelpView, useAppStore } from '../../state/app-store.ts';

/** Spec §2 Footer help tabs, in the spec's order: each opens the help overlay on its view. */
const TABS: ReadonlyArray<{ view: HelpView; label: string }> = [
  { view: 'shipping', label: 'Políticas de envío' },
  { view: 'faq', label: 'Preguntas Frecuentes' },
  { view: 'contact', label: 'Contáctanos' },
];

export function FooterHelpTabs({ listClassName }: { listClassName: string }) {
  const setHelpView = useAppStore((state) => state.setHelpView);
  return (
    <ul className={listClassName}>
      {TABS.map((tab) => (
        <li key={tab.view}>
          <button
            type="button"
            className="footer-link-button"
            aria-haspopup="dialog"
            onClick={() => setHelpView(tab.view)}
          >
            {tab.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
