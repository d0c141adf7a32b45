import { test, expect, expectNoAxeViolations, expectOneMainLandmark, currentYear } from './fixtures';

const HERO_TITLE = 'Get paid to try products before anyone else';

test.describe('home page', () => {
  test('shows every section in order: hero, Benefits, How it works (7 steps), About us, Reviews, More info, register CTA, footer', async ({
    page,
  }) => {
    await page.goto('/');
    const content = page.locator('#content');
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('figure')).toHaveCount(2);

    const headings = await content.locator('h1, h2').allTextContents();
    const order = [HERO_TITLE, 'Benefits', 'How it works', 'About us', 'Reviews', 'More info', 'Ready to share your opinion?'];
    expect(headings.map((text) => text.trim()).filter((text) => order.includes(text))).toEqual(order);
    // The footer comes after the closing call to action.
    const ctaBeforeFooter = await page.evaluate(() => {
      const cta = document.querySelector('.register-cta');
      const footer = document.querySelector('footer');
      return !!cta && !!footer && (cta.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(ctaBeforeFooter).toBe(true);

    const benefits = page.getByRole('region', { name: 'Benefits' });
    await expect(benefits.getByRole('listitem')).not.toHaveCount(0);
    await expect(benefits).toContainText('$50 gift card');
    await expect(benefits).toContainText('3-4 times a year');

    const how = page.getByRole('region', { name: 'How it works' });
    const steps = how.getByRole('list').first().locator(':scope > li');
    await expect(steps).toHaveCount(7);
    await expect(steps.nth(0)).toContainText('Register');
    await expect(steps.nth(5)).toContainText('Cash on site, a check by mail, or a gift card for take-home studies');
    await expect(steps.nth(6)).toContainText('anonymously');

    await expect(page.getByRole('region', { name: 'About us' }).getByRole('heading', { name: 'About us' })).toBeVisible();

    for (const testimonial of await reviews.getByRole('figure').all()) {
      await expect(testimonial.locator('blockquote')).not.toBeEmpty();
      await expect(testimonial.locator('figcaption')).not.toBeEmpty();
    }

    const cta = page.getByRole('region', { name: 'Ready to share your opinion?' });
    await expect(cta.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/community/join/attention');

    const footer = page.getByRole('contentinfo');
    const columns: Record<string, string[]> = {
      'Learn More': ['Home', 'What To Expect', 'FAQS', 'Corporate Clients'],
      Testers: ['Login', 'Rewards', 'Registration', 'Self-service', 'Referral'],
      'Contact Us': ['Chicago', 'Dallas', 'New York', 'Los Angeles'],
      Support: ['Rules', 'Terms of Use', 'Privacy Policy', 'Cancellation Policy', 'Terms and Conditions'],
    };
    const footerHeadings = await footer.getByRole('heading', { level: 2 }).allTextContents();
    expect(footerHeadings.map((text) => text.trim())).toEqual(Object.keys(columns));
    for (const [column, links] of Object.entries(columns)) {
      await expect(footer.getByRole('navigation', { name: column }).getByRole('link')).toHaveText(links);
    }
    const support = footer.getByRole('navigation', { name: 'Support' });
    await expect(support.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', '/popup/rules');
    await expect(support.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/popup/terms');
    await expect(support.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/popup/privacy');
    await expect(support.getByRole('link', { name: 'Cancellation Policy' })).toHaveAttribute('href', '/popup/cancellation-policy');
    await expect(support.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/popup/conditions');
    const contact = footer.getByRole('navigation', { name: 'Contact Us' });
    for (const [city, code] of [
      ['Chicago', 'ch'],
      ['Dallas', 'da'],
      ['New York', 'ny'],
      ['Los Angeles', 'la'],
    ] as const) {
      await expect(contact.getByRole('link', { name: city })).toHaveAttribute('href', `/popup/maps/${code}`);
    }
    await expect(footer.getByText(new RegExp(`©.*${currentYear()}.*All rights reserved`))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('one main landmark holds the sections, with the navigation and the footer outside it (issue 24, item 12)', async ({ page }) => {
    for (const path of ['/', '/benefits', '/lp/index']) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main).toHaveCount(1);
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main.getByRole('contentinfo')).toHaveCount(0);
      await expectOneMainLandmark(page);
    }
  });

  test('hero: two headlines, Register and Login, and the video overlay opens and closes', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: HERO_TITLE });
    await expect(hero.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    await expect(hero.getByText('Taste tests, product trials and focus groups near you.', { exact: false })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/community/join/attention');
    await expect(hero.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/community/login');

    await hero.getByRole('button', { name: 'Watch this video' }).click();
    const overlay = page.getByRole('dialog', { name: 'How testing works video' });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator('video')).toBeVisible();
    await expectNoAxeViolations(page);
    await overlay.getByRole('button', { name: 'Close video' }).click();
    await expect(overlay).toBeHidden();

    // It toggles: it opens again after being closed.
    await hero.getByRole('button', { name: 'Watch this video' }).click();
    await expect(overlay).toBeVisible();
    await overlay.getByRole('button', { name: 'Close video' }).click();
    await expect(overlay).toBeHidden();
  });

  test('hero: the floating shapes move, and stand still for a reader who asked for less motion', async ({ page }) => {
    // The shapes' running animations (the suite's context asks for reduced motion: playwright.config.ts).
    const moving = () =>
      page
        .getByTestId('hero-theme')
        .evaluate((shapes) => shapes.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await expect.poll(moving).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(moving).toBe(0);
  });

  test('hydrates with its own entry: no router or app code until a link leaves the home page, no error, and Back returns (decision 110)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The scripts the page has loaded; React Router's own messages show whether it is among them.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    const routerLoaded = async () => (await Promise.all(scripts)).some((script) => script.includes('in the context of a <Router>'));

    await page.goto('/');
    // The client code has run: the testimonials come from the API after hydration.
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('figure')).toHaveCount(2);
    const hero = page.getByRole('region', { name: HERO_TITLE });
    await hero.getByRole('button', { name: 'Watch this video' }).click();
    await page.getByRole('dialog', { name: 'How testing works video' }).getByRole('button', { name: 'Close video' }).click();
    await page.getByTestId('top-nav').getByRole('link', { name: 'How it works', exact: true }).click();
    await expect(page).toHaveURL('/how');
    expect(scripts.length).toBeGreaterThan(0);
    expect(await routerLoaded(), 'React Router loaded before the visitor left the home page').toBe(false);

    // From the keyboard, as a link of the app would.
    await page.getByRole('link', { name: 'Check FAQS' }).press('Enter');
    await expect(page).toHaveURL('/popup/faqs');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
    expect(await routerLoaded(), 'React Router loaded with the app').toBe(true);

    await page.goBack();
    await expect(page).toHaveURL('/how');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    await hero.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/community/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('More info: three cards whose CHECK buttons open the matching popups', async ({ page }) => {
    const cards = [
      { name: 'Check What to expect', path: '/popup/expectation', title: 'What to Expect' },
      { name: 'Check Tester rewards', path: '/popup/rewards', title: 'Tester rewards' },
      { name: 'Check FAQS', path: '/popup/faqs', title: 'FAQs' },
    ];
    await page.goto('/');
    const more = page.getByRole('region', { name: 'More info' });
    await expect(more.getByRole('listitem')).toHaveCount(3);
    await expect(more.getByRole('link', { name: /^Check / })).toHaveText(['CHECK', 'CHECK', 'CHECK']);
    await expectNoAxeViolations(page);

    for (const card of cards) {
      await more.getByRole('link', { name: card.name }).click();
      await expect(page).toHaveURL(card.path);
      await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
      await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect(more).toBeVisible();
    }
  });

  const AXE_WIDTHS = [360, 1280];
  // Widths of the issue (360-1280) plus 375 and 1000 for the photo wall rule: shown from 1024 px, hidden below.
  for (const width of [360, 375, 480, 768, 1000, 1024, 1280]) {
    test(`at ${width} px: no horizontal overflow, photo wall ${width >= 1024 ? 'with its 18 photos' : 'hidden'}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('figure')).toHaveCount(2);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `the page is no wider than its ${width} px window`,
        })
        .toBeLessThanOrEqual(0);

      const wall = page.getByTestId('photo-wall');
      if (width >= 1024) {
        await wall.scrollIntoViewIfNeeded();
        const photos = wall.getByRole('img');
        await expect(photos).toHaveCount(18);
        for (const photo of await photos.all()) await expect(photo).toBeVisible();
        await expect
          .poll(() => photos.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length))
          .toBe(18);
      } else {
        await expect(wall).toBeHidden();
      }
      // axe once per page state, not at every width: the narrow layout (photo wall hidden) at 360 px and
      // the desktop one (photo wall shown) at 1280 px; nav.spec.ts checks the burger layouts at 375 and 1000 px.
      if (AXE_WIDTHS.includes(width)) await expectNoAxeViolations(page);
    });
  }
});
