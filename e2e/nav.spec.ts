import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { expectNoAxeViolationsOnHeldClock, holdPageClock } from './support/clock';

const SECTIONS = [
  { label: 'Benefits', path: '/benefits', heading: 'Benefits' },
  { label: 'How it works', path: '/how', heading: 'How it works' },
  { label: 'About us', path: '/about', heading: 'About us' },
  { label: 'Reviews', path: '/reviews', heading: 'Reviews' },
] as const;

/** The home page with its client code running (the testimonials come from the API after hydration). */
async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('figure')).toHaveCount(2);
}

/**
 * From now on, notes how the page asks to scroll: the behaviour passed to scrollIntoView,
 * scrollTo, scroll and scrollBy (or a smooth CSS scroll-behavior), the positions passed, and
 * how many scrolls have ended (scrollend). The requested behaviour, not the frame count, shows
 * smoothness: on a busy machine a smooth scroll may paint only one or two frames.
 */
async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    const log = { behaviors: [] as string[], positions: [] as number[], ended: 0 };
    (window as unknown as { __scrollLog: typeof log }).__scrollLog = log;
    const note = (args: unknown[]) => {
      const options = args[0];
      const behavior =
        options && typeof options === 'object' && 'behavior' in options ? String((options as ScrollToOptions).behavior) : 'auto';
      log.behaviors.push(
        behavior === 'auto' && getComputedStyle(document.documentElement).scrollBehavior === 'smooth' ? 'smooth' : behavior,
      );
    };
    const wrap = <T extends object>(target: T, name: keyof T) => {
      const original = target[name] as unknown as (...args: unknown[]) => unknown;
      (target as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        note(args);
        return original.apply(this, args);
      };
    };
    wrap(Element.prototype, 'scrollIntoView');
    wrap(window, 'scrollTo');
    wrap(window, 'scroll');
    wrap(window, 'scrollBy');
    window.addEventListener('scroll', () => log.positions.push(window.scrollY), { passive: true });
    window.addEventListener('scrollend', () => (log.ended += 1));
  });
  return () =>
    page.evaluate(() => (window as unknown as { __scrollLog: { behaviors: string[]; positions: number[]; ended: number } }).__scrollLog);
}

/** The section heading is on screen and not under the fixed navigation bar. */
async function expectSectionInView(page: Page, heading: string) {
  const title = page.getByRole('heading', { level: 2, name: heading, exact: true });
  await expect(title).toBeInViewport();
  await expect
    .poll(async () => {
      const navBox = await page.getByTestId('top-nav').boundingBox();
      const titleBox = await title.boundingBox();
      return !!navBox && !!titleBox && titleBox.y >= navBox.y + navBox.height - 1;
    })
    .toBe(true);
}

test.describe('top navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });

  test('section links scroll smoothly and rewrite the address; the logo scrolls back to the top at /', async ({ page }) => {
    await openHome(page);
    await expectNoAxeViolations(page);
    const nav = page.getByTestId('top-nav');
    for (const section of SECTIONS) {
      const scrolling = await recordScrolling(page);
      await nav.getByRole('link', { name: section.label, exact: true }).click();
      await expect(page).toHaveURL(section.path);
      // The address changes before React asks for the scroll, and the Benefits and Reviews headings
      // are already on screen before it moves: wait until the scroll has run to its end.
      await expect.poll(async () => (await scrolling()).ended, { message: `${section.label}: the scroll ended` }).toBeGreaterThan(0);
      await expectSectionInView(page, section.heading);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const log = await scrolling();
      expect(log.behaviors, `${section.label}: scroll requests (positions seen: ${log.positions.join(', ')})`).toContain('smooth');
      expect(log.behaviors).not.toContain('instant');
      expect(new Set(log.positions).size, `${section.label}: the page moved`).toBeGreaterThan(0);
    }
    await nav.getByRole('link', { name: 'TesterHub', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  for (const section of SECTIONS) {
    test(`opening ${section.path} directly scrolls to the ${section.label} section`, async ({ page }) => {
      await openHome(page, section.path);
      await expect(page).toHaveURL(section.path);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expectSectionInView(page, section.heading);
      await expectNoAxeViolations(page);
    });
  }

  test('at 1280 px: full menu, Register and Login links, no burger, More Info only in the burger menu, shadow once scrolled', async ({
    page,
  }) => {
    await openHome(page);
    const nav = page.getByTestId('top-nav');
    for (const section of SECTIONS) await expect(nav.getByRole('link', { name: section.label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Corporate' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/community/join/attention');
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/community/login');
    await expect(nav.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: /menu/i })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'More Info' })).toHaveCount(0);
    await expect(page.getByTestId('burger-menu').getByRole('link', { name: 'More Info', includeHidden: true })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await expect(nav).not.toHaveClass(/top-nav--scrolled/);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await expect(nav).toHaveClass(/top-nav--scrolled/);
    await expect.poll(() => nav.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(nav).not.toHaveClass(/top-nav--scrolled/);
  });

  test('at 1000 px: Register and Login inline and the burger shown', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await openHome(page);
    const nav = page.getByTestId('top-nav');
    await expect(nav.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Open menu' })).toBeVisible();
    // The inline section links are in the page but not shown at this width.
    await expect(nav.locator('.top-nav__links').getByRole('link', { name: 'How it works', includeHidden: true })).toHaveCount(1);
    await expect(nav.locator('.top-nav__links')).toBeHidden();
    await expectNoAxeViolations(page);

    await nav.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('burger-menu');
    await expect(menu).toHaveAttribute('data-state', 'open');
    await expect(menu.getByRole('link', { name: 'More Info' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('below 768 px: the burger opens at once and closes after about 500 ms', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page);
    const nav = page.getByTestId('top-nav');
    const menu = page.getByTestId('burger-menu');
    // The inline Register and Login are in the page but not shown below 768 px.
    await expect(nav.locator('.top-nav__register')).toHaveCount(1);
    await expect(nav.locator('.top-nav__register')).toBeHidden();
    await expect(nav.locator('.top-nav__login')).toHaveCount(1);
    await expect(nav.locator('.top-nav__login')).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(menu).toHaveAttribute('data-state', 'closed');
    await expectNoAxeViolations(page);

    // From here the page's clock is held: the test moves time itself and reads the menu's state
    // at each step, instead of timing a busy machine.
    await holdPageClock(page);

    await nav.getByRole('button', { name: 'Open menu' }).click();
    // Opens at once: no time has passed on the page.
    expect(await menu.getAttribute('data-state')).toBe('open');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'More Info' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/community/join/attention');
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/community/login');
    await expectNoAxeViolationsOnHeldClock(page);

    // Closes after the 500 ms delay: 'closing' until then, 'closed' at 500 ms.
    await nav.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveAttribute('data-state', 'closing');
    await page.clock.runFor(499);
    await expect(menu).toHaveAttribute('data-state', 'closing');
    await page.clock.runFor(1);
    await expect(menu).toHaveAttribute('data-state', 'closed');
    await expect(menu).toBeHidden();
    await page.clock.resume();

    // More Info, found only in this menu, leads to the More info section.
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'More Info' }).click();
    await expect(page).toHaveURL('/more');
    await expectSectionInView(page, 'More info');
    await expect(menu).toBeHidden();
  });
});

test.describe('navigation hidden on landing paths', () => {
  for (const path of ['/lp/index', '/covid19', '/cl', '/popup/faqs']) {
    test(`no top navigation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
      await expect(page.getByTestId('top-nav')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ['/', '/lp/welcome']) {
    test(`top navigation present on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('top-nav')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
