import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HELP_PARAM, HELP_SLUGS, helpViewFromSlug } from '../../features/help/help-slugs.ts';
import { useAppStore } from '../../state/app-store.ts';

// The overlay, its forms and the FAQ load only when help opens: this host is part of every first load.
const HelpOverlay = lazy(
  lazyWithReload(async () => ({
    default: (await import('../../features/help/help-overlay.tsx')).HelpOverlay,
  })),
);

/**
 * Spec §2 Help overlay, opened by the store's one flag (`helpView`). Keeps it in step with the shareable link:
 * `?ayuda=<slug>` on any page opens that view; opening or switching writes the slug (replace, so Back leaves
 * the page as before), closing removes it.
 */
export function HelpHost() {
  const helpView = useAppStore((state) => state.helpView);
  const setHelpView = useAppStore((state) => state.setHelpView);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const slug = params.get(HELP_PARAM);

  // The link → the flag. Only a valid slug opens; no slug leaves the flag alone (a footer tab just set it).
  useEffect(() => {
    const linked = helpViewFromSlug(slug);
    if (linked && linked !== useAppStore.getState().helpView) setHelpView(linked);
  }, [slug, setHelpView]);

  // The flag → the link, on changes of the flag only: on the first render the link may still be opening it.
  const lastView = useRef(helpView);
  useEffect(() => {
    if (lastView.current === helpView) return;
    lastView.current = helpView;
    const wanted = helpView ? HELP_SLUGS[helpView] : null;
    // The browser's address, not the render's: closing and navigating in one click (the FAQ's cities link)
    // has already pushed the new page, which the router may not have rendered yet.
    const current = window.location;
    const next = new URLSearchParams(current.search);
    if ((next.get(HELP_PARAM) ?? null) === wanted) return;
    if (wanted) next.set(HELP_PARAM, wanted);
    else next.delete(HELP_PARAM);
    const search = next.toString();
    navigate(
      { pathname: current.pathname, search: search ? `?${search}` : '', hash: current.hash },
      // React Router keeps a page's navigation state under `usr`; a param change must not drop it.
      { replace: true, state: window.history.state?.usr ?? null },
    );
  }, [helpView, navigate]);

  if (helpView === null) return null;
  return (
    <Suspense fallback={null}>
      <HelpOverlay view={helpView} />
    </Suspense>
  );
}
