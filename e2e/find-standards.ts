import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens "Find standards for a text" (in the Filters sheet on a phone), pastes a text and finds. */
export async function findStandards(page: Page, text: string): Promise<Locator> {
  // On a phone the tool is in the Filters sheet; opening it closes the sheet.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters.or(page.getByRole('button', { name: 'Find standards for a text' }))).toBeVisible();
  if (await filters.isVisible()) await filters.click();
  await page.getByRole('button', { name: 'Find standards for a text' }).click();
  const panel = page.getByRole('region', { name: 'Find standards for a text' });
  await panel.getByLabel('Paste a problem, an activity or a lesson').fill(text);
  await panel.getByRole('button', { name: 'Find standards', exact: true }).click();
  return panel;
}

/** The suggestions listed in the panel. */
export const suggestions = (panel: Locator) => panel.getByRole('list', { name: /^Standards for the text/ }).locator(':scope > li');
