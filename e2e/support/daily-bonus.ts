import type { Page } from '@playwright/test';

/**
 * The answer the page gets on its next load to "is today's login bonus still to claim?"
 * (GET /api/reward/CheckLastTimeLogin): the calendar opens only on true. A test that expects no
 * calendar reads this answer first: without it, "no dialog" holds too before the page has asked.
 * Call it before the load that asks.
 */
export async function nextBonusAnswer(page: Page): Promise<boolean> {
  const response = await page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/reward/CheckLastTimeLogin');
  return (await response.json()) as boolean;
}
