import { BrandMark } from '@mandado/web-kit/icons.tsx';
import type { ReactNode } from 'react';
import { SHOP_HOME } from '../shop-links.ts';

interface StaffHeaderProps {
  /** What the area is called, beside the brand ('Mi comercio', 'Administración'). */
  area: string;
  /** The area's own controls (the store switch). */
  children?: ReactNode;
}

/** The top bar of a staff area: phone-first, one line at 360 px. */
export function StaffHeader({ area, children }: StaffHeaderProps) {
  return (
    <header className="staff-header">
      <div className="staff-header__inner container">
        <a href={SHOP_HOME} className="staff-header__brand">
          <BrandMark />
          <span className="visually-hidden">Ir a la tienda</span>
        </a>
        <p className="staff-header__area">{area}</p>
        <div className="staff-header__tools">{children}</div>
      </div>
    </header>
  );
}
