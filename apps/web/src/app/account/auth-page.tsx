import type { ReactNode } from 'react';
import './account-pages.css';

/** The frame of the full-page account forms: a centred card with the page's heading. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-page container" aria-labelledby="auth-page-title">
      <div className="auth-page__card">
        <h1 id="auth-page-title" className="auth-page__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
