import { expect, type Page } from '@playwright/test';
import { logInThroughApi } from './account.helpers.ts';
import { DEMO_OPERATOR, DEMO_REVIEWER } from './staff.helpers.ts';

/**
 * Logs the demo operator (group administración) in and opens a back-office page at `path`, waiting for its
 * h1 `heading` (issue 19). Each test starts logged in; logging in through the form is tested elsewhere.
 */
export async function openAsDemoOperator(
  page: Page,
  baseURL: string,
  path: string,
  heading: string | RegExp,
): Promise<void> {
  await logInThroughApi(page, baseURL, DEMO_OPERATOR);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The same for the second demo operator, who approves what the first grants (issue 27). */
export async function openAsDemoReviewer(
  page: Page,
  baseURL: string,
  path: string,
  heading: string | RegExp,
): Promise<void> {
  await logInThroughApi(page, baseURL, DEMO_REVIEWER);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
