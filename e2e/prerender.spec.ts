import { test, expect, expectNoAxeViolations } from './fixtures';

/** What a reader sees in raw HTML: tags and React's text separators removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const PAGES: { path: string; texts: string[] }[] = [
  {
    path: '/',
    texts: [
      'Get paid to try products before anyone else',
      'How it works',
      'From sign-up to payment in seven simple steps',
      'Ready to share your opinion?',
      'Learn More',
    ],
  },
  { path: '/benefits', texts: ['Benefits', 'Get paid for every study'] },
  { path: '/how', texts: ['How it works', 'Attend and check in'] },
  { path: '/about', texts: ['About us', 'Our test sites'] },
  { path: '/reviews', texts: ['Reviews', 'Hear it from the people who test with us.'] },
  { path: '/covid19', texts: ['Testing safely during COVID-19', 'Hand sanitizer', 'Drive-in evaluation'] },
  { path: '/lp/index', texts: ['Get paid up to $50 an hour for your opinion', 'Cash, check or gift card'] },
  { path: '/lp/welcome', texts: ['Welcome to TesterHub', 'Where to start'] },
  { path: '/popup/terms', texts: ['Terms of Use', 'Who may use the Site'] },
  { path: '/popup/privacy', texts: ['Privacy Policy', 'Information we collect'] },
  { path: '/popup/rules', texts: ['Tester Rules', 'Arrive 10-15 minutes early.'] },
  { path: '/popup/cancellation-policy', texts: ['Cancellation Policy', 'Changing or cancelling an appointment'] },
  { path: '/popup/conditions', texts: ['Terms and Conditions', 'Registration and participation'] },
  { path: '/popup/biometric-private-policy', texts: ['Biometric Data Policy', 'What we collect'] },
  { path: '/popup/community-terms', texts: ['Community Terms and Conditions', 'Who can join'] },
  { path: '/popup/expectation', texts: ['What to Expect', 'A study visit, step by step'] },
];

test.describe('prerendered HTML', () => {
  for (const { path, texts } of PAGES) {
    test(`${path} holds its text before any JavaScript runs`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const text = visibleText(await response.text());
      for (const expected of texts) expect(text, `raw HTML of ${path}`).toContain(expected);
    });
  }

  test('with JavaScript disabled the home page shows How it works', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How it works' }).getByRole('listitem')).toHaveCount(7);
      await expect(page.getByRole('heading', { level: 1, name: 'Get paid to try products before anyone else' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the home page without its scripts has no accessibility violations', async ({ page }) => {
    // axe cannot run where JavaScript is off, so the same HTML is checked with the page's own scripts removed.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<link[^>]*rel="modulepreload"[^>]*>/gi, '');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(0);
    await expectNoAxeViolations(page);
  });
});
