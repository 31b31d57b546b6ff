import type { Page } from '@playwright/test';

/**
 * Everything the page logs as an error or a warning, and its uncaught errors: what React reports about a
 * hydration that did not match (in production 'Minified React error #418…'; it then throws the server's
 * markup away). A server-rendered page's test expects none.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
