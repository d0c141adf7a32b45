import { expect, type Locator, type Page } from '@playwright/test';
import { randomSuffix } from './accounts';

/**
 * What the page says about being done, in place of `networkidle` (which waits for half a second of
 * quiet on the network: a guess about time that a busy machine breaks, and that a page polling or
 * streaming never meets).
 */

/**
 * Waits until React has hydrated the element of `locator`, a part of a prerendered page: React
 * attaches its fiber to every element it adopts, so from then on the element's handlers answer and
 * a hydration mismatch would already have been reported (as a console error) and repaired.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'the element is hydrated by React',
    })
    .toBe(true);
}

/**
 * Resolves once every request the page has started so far has been reported to the test (page.on
 * 'request'). The page first lets the effects of its last render run (one frame), then asks for a
 * marker address; Playwright reports a page's requests in the order the page made them, so when the
 * marker's request arrives, a request an effect made before it has been counted.
 */
export async function requestsReported(page: Page): Promise<void> {
  const marker = `/api/health?marker=${randomSuffix()}`;
  const reported = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate(async (address) => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await fetch(address);
  }, marker);
  await reported;
}
