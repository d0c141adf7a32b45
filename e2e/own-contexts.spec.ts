import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A context a test opens itself (a staff member's console, a second visitor) is closed when the
 * test ends (fixtures.ts, closeOwnContexts; decision 146). Playwright closes only its `context`
 * fixture's; one left open kept its pages running for the worker's life and was traced again by
 * every later test of the worker. Serial: the second test runs after the first, in its worker.
 */

test.describe.configure({ mode: 'serial' });

let opened: BrowserContext | undefined;

test('a test opens a context of its own and leaves it open', async ({ browser }) => {
  opened = await browser.newContext();
  await opened.newPage();
  expect(browser.contexts()).toContain(opened);
});

test('the next test of the worker finds it closed', async ({ browser }) => {
  expect(opened).toBeDefined();
  expect(browser.contexts()).not.toContain(opened);
});
