import type { HelpView } from '../../state/app-store.ts';

/** The query parameter of the shareable link: `?ayuda=<slug>` on any page opens that view. */
export const HELP_PARAM = 'ayuda';

/** The instruction view reads the order number to quote from `?orden=MV-…` when the link carries it. */
export const ORDER_PARAM = 'orden';

/** Spanish slugs, because the link is read and shared by shoppers (spec §2 Help overlay). */
export const HELP_SLUGS: Record<HelpView, string> = {
  faq: 'preguntas-frecuentes',
  contact: 'contactenos',
  shipping: 'politicas-de-envio',
  suggestion: 'sugerencias',
  instructions: 'instrucciones-de-pago',
};

export function helpViewFromSlug(slug: string | null): HelpView | null {
  if (slug === null) return null;
  for (const [view, value] of Object.entries(HELP_SLUGS) as [HelpView, string][]) {
    if (value === slug) return view;
  }
  return null;
}
