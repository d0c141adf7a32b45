import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures';

/**
 * Time under the test's control (Playwright's page.clock), so a countdown or a delay is checked
 * by setting time instead of waiting for it: a test never sleeps for the page, and a busy machine
 * cannot make a second pass before the test looks.
 */

interface NativeTimers {
  setTimeout: typeof window.setTimeout;
  clearTimeout: typeof window.clearTimeout;
}
type TimerWindow = Window & { __e2eNativeTimers?: NativeTimers; __e2eHeldTimers?: NativeTimers };

/** Keeps the browser's own timers aside before the fake clock replaces them: axe needs them. */
function keepNativeTimers() {
  const win = window as TimerWindow;
  if (win.__e2eNativeTimers || (Date as unknown as { isFake?: boolean }).isFake) return;
  win.__e2eNativeTimers = { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window) };
}

/**
 * Holds the page's clock, in the open document and every one after it: Date stands still and
 * no timer set from now on fires until the test moves time with page.clock.runFor or
 * fastForward. The clock is put a minute ahead of now, so the pause lies in the future of the
 * open document however busy the machine is. page.clock.resume() lets time run again.
 */
export async function holdPageClock(page: Page): Promise<void> {
  // Before the clock's own script, in the open document and (an earlier init script) in the next ones.
  await page.context().addInitScript(keepNativeTimers);
  await page.evaluate(keepNativeTimers);
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 60_000);
}

/**
 * expectNoAxeViolations on a page whose clock is held. axe waits on setTimeout between its rules,
 * which never fire on a held clock; for the length of the check, axe gets the browser's own
 * setTimeout. Nothing of the page runs meanwhile (its timers stay on the held clock), so the
 * page's time does not move.
 */
export async function expectNoAxeViolationsOnHeldClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as TimerWindow;
    if (!win.__e2eNativeTimers) throw new Error('The browser timers were not kept: call holdPageClock before the page loads.');
    win.__e2eHeldTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
    window.setTimeout = win.__e2eNativeTimers.setTimeout;
    window.clearTimeout = win.__e2eNativeTimers.clearTimeout;
  });
  try {
    await expectNoAxeViolations(page);
  } finally {
    await page.evaluate(() => {
      const win = window as TimerWindow;
      if (!win.__e2eHeldTimers) return;
      window.setTimeout = win.__e2eHeldTimers.setTimeout;
      window.clearTimeout = win.__e2eHeldTimers.clearTimeout;
      delete win.__e2eHeldTimers;
    });
  }
}

/**
 * For a page opened on a held clock: moves the clock on 100 ms at a time until `locator` shows.
 * React holds back the first render of a lazily loaded route for up to 300 ms after its
 * placeholder showed (Suspense throttling, on the page's clock), so such a page needs a little
 * page time to appear. It stops as soon as `locator` shows: a countdown that starts with it has
 * run for less than one step.
 */
export async function runHeldClockUntilVisible(page: Page, locator: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Waits (real time) for what the page is loading; only then moves the page's clock.
    if (
      await locator.waitFor({ state: 'visible', timeout: 100 }).then(
        () => true,
        () => false,
      )
    )
      return;
    await page.clock.runFor(100);
  }
  await expect(locator).toBeVisible({ timeout: 1 });
}
