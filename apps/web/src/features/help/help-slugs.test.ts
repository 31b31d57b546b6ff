import { describe, expect, it } from 'vitest';
import { HELP_VIEWS } from '../../state/app-store.ts';
import { HELP_SLUGS, helpViewFromSlug } from './help-slugs.ts';
import { SUPPORT_GREETING, supportWhatsappUrl } from './support-links.ts';

describe('help slugs', () => {
  it('gives every view its own slug and reads it back', () => {
    const slugs = HELP_VIEWS.map((view) => HELP_SLUGS[view]);
    expect(new Set(slugs).size).toBe(HELP_VIEWS.length);
    for (const view of HELP_VIEWS) expect(helpViewFromSlug(HELP_SLUGS[view])).toBe(view);
    expect(HELP_SLUGS.contact).toBe('contactenos');
  });

  it('opens nothing for a missing or unknown slug', () => {
    expect(helpViewFromSlug(null)).toBeNull();
    expect(helpViewFromSlug('')).toBeNull();
    expect(helpViewFromSlug('faq')).toBeNull();
  });
});

describe('supportWhatsappUrl', () => {
  it('keeps the digits of the number and pre-fills the Spanish greeting', () => {
    const url = new URL(supportWhatsappUrl('+598 91 000 000'));
    expect(url.origin + url.pathname).toBe('https://wa.me/59891000000');
    expect(url.searchParams.get('text')).toBe(SUPPORT_GREETING);
  });
});
