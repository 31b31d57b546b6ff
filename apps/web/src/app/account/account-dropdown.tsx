import type { StaffWho } from '@mandado/shared/staff-routes';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { creditText } from '../../features/referral/credit-text.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { UserIcon } from './account-icons.tsx';
import { ACCOUNT_LINKS, staffLinksFor } from './account-links.ts';

/**
 * The logged-in 'Mi cuenta' dropdown that greets by first name. A disclosure: the button says whether it is
 * open, Escape closes it and gives focus back to the button, and leaving it (focus or click elsewhere, a
 * navigation) closes it. Its own chunk: a visitor's first load never needs it.
 */
export function AccountDropdown({
  firstName,
  credit,
  who,
}: {
  firstName: string;
  credit: string;
  /** Who the user is (roles, stores): store members and operators also get their staff areas. */
  who: StaffWho;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const setLogoutConfirm = useAppStore((state) => state.setLogoutConfirm);
  const openReferral = useAppStore((state) => state.openReferral);
  const setHelpView = useAppStore((state) => state.setHelpView);
  const display = useDisplayCurrency();

  /** An entry that opens an overlay: the menu closes and the overlay gives focus back to the menu button. */
  function openOverlay(open: () => void) {
    setOpen(false);
    buttonRef.current?.focus();
    open();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is the trigger that closes it.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    function closeOnOutsideClick(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside the disclosure closes it.
    <div ref={rootRef} className="account-menu" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
      >
        <UserIcon />
        <span className="account-menu__text">
          <span className="account-menu__hint">Hola, {firstName}</span>
          <span className="account-menu__name">Mi cuenta</span>
        </span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__greeting" aria-hidden="true">
          Hola, {firstName}
        </p>
        <p className="account-menu__credit">Crédito: {creditText(credit, display)}</p>
        <ul className="account-menu__list">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__item" onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          {staffLinksFor(who).map((link) => (
            <li key={link.href}>
              <a href={link.href} className="account-menu__item">
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="account-menu__item" onClick={() => openOverlay(openReferral)}>
              Invita y gana
            </button>
          </li>
          <li>
            <button
              type="button"
              className="account-menu__item"
              onClick={() => openOverlay(() => setHelpView('faq'))}
            >
              Ayuda
            </button>
          </li>
          <li>
            <button
              type="button"
              className="account-menu__item account-menu__item--logout"
              onClick={() => {
                setOpen(false);
                // The confirmation gives focus back to what had it: the menu button, not a hidden entry.
                buttonRef.current?.focus();
                setLogoutConfirm('menu');
              }}
            >
              Cerrar Sesión
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
