import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` comes from `context.newPage()`, as @axe-core/playwright requires; every test
 * calls expectNoAxeViolations on each page it visits, once the content has loaded.
 */
export const test = base.extend({
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
    await page.close();
  },
});

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = results.violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
    return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
  });
  expect(report, `axe found ${report.length} violation(s) on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}

/** The year the site shows in its winners texts (the browser and the tests share this machine's clock). */
export function currentYear(): number {
  return new Date().getFullYear();
}
