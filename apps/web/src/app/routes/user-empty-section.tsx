import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';
import { homePath } from '../account/next-path.ts';

interface UserEmptySectionProps {
  title: string;
  emptyTitle: string;
  children: ReactNode;
}

/** An account section with nothing in it yet, and the way to the shop. */
export function UserEmptySection({ title, emptyTitle, children }: UserEmptySectionProps) {
  const hasCity = useAppStore((state) => state.city !== null);
  return (
    <section className="user-area__section" aria-labelledby="user-section-title">
      <h2 id="user-section-title" className="user-area__section-title">
        {title}
      </h2>
      <EmptyState title={emptyTitle}>
        <p>{children}</p>
        <p>
          <Link to={homePath(hasCity)} className="button button--primary button--small">
            Ver tiendas
          </Link>
        </p>
      </EmptyState>
    </section>
  );
}
