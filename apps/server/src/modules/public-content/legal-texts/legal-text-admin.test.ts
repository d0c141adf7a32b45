import { describe, expect, it } from 'vitest';
import { LEGAL_TEXTS, legalHtmlProblem, type StaffLegalTextsResponse } from '@testerhub/shared/legal-text-schemas';
import { getWith, postJson } from '../../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../../test/factories.ts';
import { auditRowsWhere } from '../../../../test/staff-helpers.ts';
import { useLegalTextTestApp } from './legal-text-test-app.ts';
import { withLegalText } from '../../../core/http/web-app.ts';
import { LEGAL_TERMS_SUMMARY } from './legal-text-admin-service.ts';

/**
 * The legal texts' bodies for content staff (decision 070): a published version is the public
 * call's answer at once though it was cached, a stale or racing publication is refused, unsafe
 * HTML is refused, the Terms of Use's new body asks testers to accept the terms again, and the
 * built-in text can be put back in force.
 */

const { testApp, db, contentStaff, post, publicText, staffText } = useLegalTextTestApp();

describe('publishing a legal text', () => {
  it('publishes a body: the cached public call answers it at once, the list and history name who, the audit row has before and after', async () => {
    const { staff, cookie } = await contentStaff();
    expect(await publicText('rules')).toEqual({ version: null }); // warms the public cache (an hour in this file)
    const opened = await staffText(cookie, 'rules');
    expect(opened).toMatchObject({ page: 'rules', title: 'Tester Rules', latestVersion: 0, bodyHtml: null, history: [] });

    const published = await post(cookie, 'PublishLegalText', {
      page: 'rules',
      basedOnVersion: 0,
      bodyHtml: '<h2>Rules</h2><p>Be kind.</p>',
    });
    expect(published.json()).toEqual({ status: 'succeed', message: LEGAL_TEXTS.published, version: 1 });
    expect(await publicText('rules')).toEqual({ version: 1, bodyHtml: '<h2>Rules</h2><p>Be kind.</p>' });

    const list = (await getWith(testApp.app, '/api/staff/content/LegalTexts', { cookie })).json() as StaffLegalTextsResponse;
    expect(list.pages).toHaveLength(8);
    expect(list.pages.find((entry) => entry.page === 'rules')!.current).toMatchObject({
      version: 1,
      publishedBy: staff.name,
      restoredBuiltIn: false,
    });
    expect(list.pages.find((entry) => entry.page === 'privacy')!.current).toBeNull();
    // The seed's demo history: published once, then returned to the built-in text (decision 070).
    expect(list.pages.find((entry) => entry.page === 'cancellation-policy')!.current).toMatchObject({
      version: 2,
      restoredBuiltIn: true,
      publishedBy: LEGAL_TEXTS.removedStaff,
    });
    expect(await publicText('cancellation-policy')).toEqual({ version: null });
    const history = await staffText(cookie, 'rules');
    expect(history).toMatchObject({ latestVersion: 1, bodyHtml: '<h2>Rules</h2><p>Be kind.</p>' });
    expect(history.history.map((row) => [row.version, row.publishedBy])).toEqual([[1, staff.name]]);

    const rows = await auditRowsWhere(db(), { targetType: 'legal-text', targetId: 'rules@1' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: staff.id,
      action: 'legal-text.publish',
      before: { version: 0, bodyHtml: null },
      after: { version: 1, bodyHtml: '<h2>Rules</h2><p>Be kind.</p>' },
    });

    // Back to the built-in text: a version without a body, the public call answers version null.
    const restored = await post(cookie, 'RestoreBuiltInLegalText', { page: 'rules', basedOnVersion: 1 });
    expect(restored.json()).toEqual({ status: 'succeed', message: LEGAL_TEXTS.restored, version: 2 });
    expect(await publicText('rules')).toEqual({ version: null });
    expect((await staffText(cookie, 'rules')).history.map((row) => [row.version, row.restoredBuiltIn])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await post(cookie, 'RestoreBuiltInLegalText', { page: 'rules', basedOnVersion: 2 })).json()).toEqual({
      status: 'failed',
      message: LEGAL_TEXTS.alreadyBuiltIn,
    });
  });

  it('refuses a publication made from an older version, writing nothing', async () => {
    const { cookie } = await contentStaff();
    const base = (await staffText(cookie, 'privacy')).latestVersion;
    expect(
      (await post(cookie, 'PublishLegalText', { page: 'privacy', basedOnVersion: base, bodyHtml: '<p>One.</p>' })).json(),
    ).toMatchObject({
      status: 'succeed',
    });
    const stale = await post(cookie, 'PublishLegalText', { page: 'privacy', basedOnVersion: base, bodyHtml: '<p>Two.</p>' });
    expect(stale.json()).toEqual({ status: 'failed', message: LEGAL_TEXTS.changed });
    expect(await publicText('privacy')).toEqual({ version: base + 1, bodyHtml: '<p>One.</p>' });
    expect(await auditRowsWhere(db(), { targetType: 'legal-text', targetId: `privacy@${base + 2}` })).toHaveLength(0);
  });

  it('8 staff publishing over the same version at once: one version is stored, the others are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    const base = (await staffText(one.cookie, 'conditions')).latestVersion;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(index % 2 === 0 ? one.cookie : two.cookie, 'PublishLegalText', {
          page: 'conditions',
          basedOnVersion: base,
          bodyHtml: `<p>Change ${index}</p>`,
        }),
      ),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(Array(7).fill(LEGAL_TEXTS.changed));
    const after = await staffText(one.cookie, 'conditions');
    expect(after.history.map((row) => row.version)).toEqual([base + 1, ...Array.from({ length: base }, (_, index) => base - index)]);
    expect(await auditRowsWhere(db(), { targetType: 'legal-text', targetId: `conditions@${base + 1}` })).toHaveLength(1);
  });

  it('refuses scripts, styles, event attributes, javascript: links and unknown elements with their messages (400, nothing stored)', async () => {
    const { cookie } = await contentStaff();
    const refusals: [string, string][] = [
      ['<p>Hi</p><script>alert(1)</script>', LEGAL_TEXTS.scriptRefused],
      ['<style>p{}</style><p>Hi</p>', LEGAL_TEXTS.scriptRefused],
      ['<p onclick="alert(1)">Hi</p>', LEGAL_TEXTS.eventRefused('onclick')],
      ['<a href="javascript:alert(1)">Hi</a>', LEGAL_TEXTS.linkRefused],
      ['<a href=" java\tscript:alert(1)">Hi</a>', LEGAL_TEXTS.linkRefused],
      ['<a href="javascript&colon;alert(1)">Hi</a>', LEGAL_TEXTS.linkRefused],
      ['<iframe src="/"></iframe>', LEGAL_TEXTS.tagRefused('iframe')],
      ['<img src=x onerror=alert(1)>', LEGAL_TEXTS.strayAngle],
      ['<p style="color:red">Hi</p>', LEGAL_TEXTS.attributeRefused('style')],
      ['<p>1 < 2</p>', LEGAL_TEXTS.strayAngle],
    ];
    for (const [html, message] of refusals) {
      expect(legalHtmlProblem(html), html).toBe(message);
      const answer = await post(cookie, 'PublishLegalText', { page: 'expectation', basedOnVersion: 0, bodyHtml: html });
      expect(answer.statusCode, html).toBe(400);
      expect(answer.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    for (const html of [
      '<section id="a" aria-labelledby="b"><h2 id="b">Title</h2><p>1 &lt; 2, <a href="/popup/terms">terms</a></p></section>',
      '<p><a href="https://example.org/x?a=1&amp;b=2">x</a> <a href="mailto:help@testerhub.test">mail</a> <a href="tel:+18005550142">call</a></p>',
    ]) {
      expect(legalHtmlProblem(html), html).toBeNull();
    }
    expect(await publicText('expectation')).toEqual({ version: null });
  });
});

describe('the Terms of Use', () => {
  it('a new body also publishes a terms version: a tester who accepted the old one is asked at their next visit', async () => {
    const { cookie } = await contentStaff();
    const tester = await createLoggedInTester(db());
    const status = async () => (await getWith(testApp.app, '/api/account/GetTermsStatus', { cookie: tester.cookie })).json();
    await postJson(testApp.app, '/api/account/AcceptTerms', { version: (await status()).currentVersion }, { cookie: tester.cookie });
    const before = await status();
    expect(before).toMatchObject({ needsAcceptance: false });

    const base = (await staffText(cookie, 'terms')).latestVersion;
    const published = await post(cookie, 'PublishLegalText', { page: 'terms', basedOnVersion: base, bodyHtml: '<p>New terms.</p>' });
    expect(published.json()).toEqual({ status: 'succeed', message: LEGAL_TEXTS.termsPublished, version: base + 1 });
    expect(await status()).toMatchObject({
      needsAcceptance: true,
      currentVersion: before.currentVersion + 1,
      summary: LEGAL_TERMS_SUMMARY.en,
    });
    const rows = await auditRowsWhere(db(), { targetType: 'legal-text', targetId: `terms@${base + 1}` });
    expect(rows[0]!.after).toMatchObject({ termsVersion: before.currentVersion + 1 });

    // A refused (stale) publication publishes no terms version either.
    expect(
      (await post(cookie, 'PublishLegalText', { page: 'terms', basedOnVersion: base, bodyHtml: '<p>Other.</p>' })).json(),
    ).toMatchObject({
      status: 'failed',
    });
    expect(await status()).toMatchObject({ currentVersion: before.currentVersion + 1 });
  });
});

describe('the prerendered legal page', () => {
  const page =
    '<html><body><div id="root"><main><div data-legal-body="rules"><article><div><p>Built-in</p></div></article></div><footer>F</footer></main></div><script type="module" src="/a.js"></script></body></html>';

  it("replaces the marker element's content with the published body and embeds it as script-safe JSON", () => {
    const html = withLegalText(page, 'rules', { version: 3, bodyHtml: '<p>Published </script><!-- \u2028</p>' })!;
    expect(html).toContain('<div data-legal-body="rules"><p>Published </script><!-- \u2028</p></div><footer>F</footer>');
    expect(html).not.toContain('Built-in');
    const script = /<script type="application\/json" id="legal-text-data">(.*?)<\/script><\/body>/.exec(html)![1]!;
    expect(script).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(script)).toEqual({ page: 'rules', version: 3, bodyHtml: '<p>Published </script><!-- \u2028</p>' });
  });

  it('embeds `version: null` for a page whose built-in text is in force, leaving its prerendered body', () => {
    const html = withLegalText(page, 'rules', { version: null })!;
    expect(html).toContain('<div data-legal-body="rules"><article><div><p>Built-in</p></div></article></div><footer>F</footer>');
    const script = /<script type="application\/json" id="legal-text-data">(.*?)<\/script><\/body>/.exec(html)![1]!;
    expect(JSON.parse(script)).toEqual({ page: 'rules', version: null });
  });

  it('leaves a page without the marker alone', () => {
    expect(withLegalText(page, 'privacy', { version: 1, bodyHtml: '<p>x</p>' })).toBeNull();
  });
});
