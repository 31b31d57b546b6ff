import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An open overlay: a native modal <dialog> or an element with the dialog role. */
export const OPEN_DIALOG = 'dialog[open], [role="dialog"]';

/**
 * WCAG 2.1 A and AA rules; serious and critical findings fail the test (labels, contrast, roles, names).
 * `within` scans only that part of the page (CSS selector): an overlay over a page the same test already
 * scanned. Axe's cost grows with the nodes it checks (contrast above all), and a store's product grid under a
 * product's dialog is some 1,900 of them, checked again for nothing (decision 039).
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  options: { within?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.within) builder = builder.include(options.within);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `${where}\n${serious.join('\n')}`).toEqual([]);
}
