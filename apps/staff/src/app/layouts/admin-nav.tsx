import { hasPermission } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useOperator } from '../../lib/use-operator.ts';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/**
 * The back office's sections under the header, those the operator's group may open. Same strip as the store
 * area's: on a 360 px phone it scrolls sideways inside itself and keeps the current section in view.
 */
export function AdminNav() {
  const operator = useOperator();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page, and so the current tab, changes.
  useEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const left = current.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + current.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = left - (strip.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  return (
    <nav className="merchant-nav" aria-label="Secciones de administración">
      <ul ref={list} className="merchant-nav__list container">
        {ADMIN_SECTIONS.filter((section) => hasPermission(operator, section.permission)).map((section) => (
          <li key={section.path}>
            <NavLink
              to={section.path}
              end={section.path === STAFF_PATHS.admin}
              className="merchant-nav__link"
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
