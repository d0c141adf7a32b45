import { describe, expect, it } from 'vitest';
import { LEGAL_TEXTS, legalHtmlProblem, type StaffLegalTextsResponse } from '@testerhub/shared/legal-text-schemas';
import { expectIssue, getWith, postJson } from '../../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../../test/factories.ts';
import { auditRowsWhere } from '../../../../test/staff-helpers.ts';
import { useLegalTextTestApp } from './legal-text-test-app.ts';
import { withLegalText } from '../../../core/http/web-app.ts';
import { TERMS_OF_USE_ES } from './legal-texts-seed.ts';

/**
 * The legal texts in Spanish (issue 28; decision 132): a version holds an English and a Spanish
 * body; the public call answers the Spanish one to a Spanish reader (Accept-Language) and the
 * English one marked englishOnly when there is none; the Spanish body is validated and audited as
 * the English one is; the seed gives the Terms of Use a Spanish text; a Spanish reader accepts the
 * same terms version an English one does.
 */

const { testApp, db, contentStaff, post, publicAnswer, publicText, staffText } = useLegalTextTestApp();

describe('a legal text in Spanish', () => {
  it('stores both bodies, answers each language its own, and falls back to English (englishOnly) when there is no Spanish one', async () => {
    const { staff, cookie } = await contentStaff();
    // Warms the cached copy (an hour in this file): a publication must still be answered at once.
    expect(await publicText('rules', 'es')).toEqual({ version: null, englishOnly: true });
    const base = (await staffText(cookie, 'rules')).latestVersion;

    const english = { page: 'rules', basedOnVersion: base, bodyHtml: '<p>Be kind.</p>' };
    expect((await post(cookie, 'PublishLegalText', english)).json()).toMatchObject({ status: 'succeed', version: base + 1 });
    expect(await publicText('rules', 'es')).toEqual({ version: base + 1, bodyHtml: '<p>Be kind.</p>', englishOnly: true });

    const both = { page: 'rules', basedOnVersion: base + 1, bodyHtml: '<p>Be kind.</p>', bodyHtmlEs: '<p>Sea amable.</p>' };
    expect((await post(cookie, 'PublishLegalText', both)).json()).toEqual({
      status: 'succeed',
      message: LEGAL_TEXTS.published,
      version: base + 2,
    });
    const spanish = await publicAnswer('rules', 'es-US,es;q=0.9');
    expect(spanish.json()).toEqual({ version: base + 2, bodyHtml: '<p>Sea amable.</p>' });
    expect(spanish.headers.vary).toContain('Accept-Language');
    expect(await publicText('rules', 'en')).toEqual({ version: base + 2, bodyHtml: '<p>Be kind.</p>' });
    // No Accept-Language at all: English, as before.
    expect((await getWith(testApp.app, '/api/content/LegalText?page=rules')).json()).toEqual({
      version: base + 2,
      bodyHtml: '<p>Be kind.</p>',
    });

    expect(await staffText(cookie, 'rules')).toMatchObject({ bodyHtml: '<p>Be kind.</p>', bodyHtmlEs: '<p>Sea amable.</p>' });
    const list = (await getWith(testApp.app, '/api/staff/content/LegalTexts', { cookie })).json() as StaffLegalTextsResponse;
    expect(list.pages.find((entry) => entry.page === 'rules')!.current).toMatchObject({ version: base + 2, spanish: true });
    const rows = await auditRowsWhere(db(), { targetType: 'legal-text', targetId: `rules@${base + 2}` });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: staff.id,
      action: 'legal-text.publish',
      before: { version: base + 1, bodyHtml: '<p>Be kind.</p>', bodyHtmlEs: null },
      after: { version: base + 2, bodyHtml: '<p>Be kind.</p>', bodyHtmlEs: '<p>Sea amable.</p>' },
    });

    // The built-in text back: the built-in texts are English, so Spanish readers get the note again.
    expect((await post(cookie, 'RestoreBuiltInLegalText', { page: 'rules', basedOnVersion: base + 2 })).json()).toMatchObject({
      status: 'succeed',
    });
    expect(await publicText('rules', 'es')).toEqual({ version: null, englishOnly: true });
    expect((await staffText(cookie, 'rules')).history.slice(0, 3).map((row) => [row.restoredBuiltIn, row.spanish])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });

  it('publishes a Spanish text alone over the built-in English one: English readers keep the built-in text', async () => {
    const { cookie } = await contentStaff();
    const base = (await staffText(cookie, 'expectation')).latestVersion;
    const answer = await post(cookie, 'PublishLegalText', {
      page: 'expectation',
      basedOnVersion: base,
      bodyHtml: null,
      bodyHtmlEs: '<p>Qué esperar.</p>',
    });
    expect(answer.json()).toMatchObject({ status: 'succeed', version: base + 1 });
    expect(await publicText('expectation', 'en')).toEqual({ version: null });
    expect(await publicText('expectation', 'es')).toEqual({ version: base + 1, bodyHtml: '<p>Qué esperar.</p>' });
    const list = (await getWith(testApp.app, '/api/staff/content/LegalTexts', { cookie })).json() as StaffLegalTextsResponse;
    expect(list.pages.find((entry) => entry.page === 'expectation')!.current).toMatchObject({ restoredBuiltIn: true, spanish: true });
    // Its return to the built-in text is a change (the Spanish text goes), not "already built-in".
    expect((await post(cookie, 'RestoreBuiltInLegalText', { page: 'expectation', basedOnVersion: base + 1 })).json()).toMatchObject({
      status: 'succeed',
    });
    expect(await publicText('expectation', 'es')).toEqual({ version: null, englishOnly: true });
  });

  it('validates the Spanish body as the English one (400 naming bodyHtmlEs, nothing stored) and refuses a version with neither body', async () => {
    const { cookie } = await contentStaff();
    const base = (await staffText(cookie, 'privacy')).latestVersion;
    const refusals: [unknown, string][] = [
      ['<p>Hola</p><script>alert(1)</script>', LEGAL_TEXTS.scriptRefused],
      ['<p onclick="alert(1)">Hola</p>', LEGAL_TEXTS.eventRefused('onclick')],
      ['<a href="javascript:alert(1)">Hola</a>', LEGAL_TEXTS.linkRefused],
      ['   ', LEGAL_TEXTS.bodyRequired],
      ['x'.repeat(200_001), LEGAL_TEXTS.bodyTooLong],
    ];
    for (const [bodyHtmlEs, message] of refusals) {
      const answer = await post(cookie, 'PublishLegalText', { page: 'privacy', basedOnVersion: base, bodyHtml: '<p>Hi</p>', bodyHtmlEs });
      expect(answer.statusCode, message).toBe(400);
      expectIssue(answer, 'bodyHtmlEs', message);
    }
    const neither = await post(cookie, 'PublishLegalText', { page: 'privacy', basedOnVersion: base, bodyHtml: null, bodyHtmlEs: null });
    expect(neither.statusCode).toBe(400);
    expectIssue(neither, 'bodyHtml', LEGAL_TEXTS.bodyRequired);
    expect((await staffText(cookie, 'privacy')).latestVersion).toBe(base);

    // Both bodies at their longest (the Spanish one two bytes a character) fit the call's body limit.
    const longest = await post(cookie, 'PublishLegalText', {
      page: 'privacy',
      basedOnVersion: base,
      bodyHtml: `<p>${'x'.repeat(199_993)}</p>`,
      bodyHtmlEs: `<p>${'ñ'.repeat(199_993)}</p>`,
    });
    expect(longest.json()).toMatchObject({ status: 'succeed', version: base + 1 });
    expect(((await publicText('privacy', 'es')) as { bodyHtml: string }).bodyHtml).toHaveLength(200_000);
  });

  it('8 Spanish publications over the same version at once: one is stored, the others are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    const base = (await staffText(one.cookie, 'biometric-private-policy')).latestVersion;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(index % 2 === 0 ? one.cookie : two.cookie, 'PublishLegalText', {
          page: 'biometric-private-policy',
          basedOnVersion: base,
          bodyHtml: null,
          bodyHtmlEs: `<p>Cambio ${index}</p>`,
        }),
      ),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(Array(7).fill(LEGAL_TEXTS.changed));
    expect((await staffText(one.cookie, 'biometric-private-policy')).history).toHaveLength(base + 1);
    const stored = (await publicText('biometric-private-policy', 'es')) as { bodyHtml: string };
    expect(bodies.findIndex((body) => body.status === 'succeed')).toBe(Number(/Cambio (\d)/.exec(stored.bodyHtml)![1]));
  });
});

describe("the demo data's Spanish texts", () => {
  it('the Terms of Use are in Spanish for a Spanish reader while English readers keep the built-in text; the translation is storable HTML', async () => {
    const { cookie } = await contentStaff();
    expect(await publicText('terms', 'en')).toEqual({ version: null });
    const spanish = (await publicText('terms', 'es')) as { version: number; bodyHtml: string };
    expect(spanish.bodyHtml).toBe(TERMS_OF_USE_ES);
    expect(spanish.bodyHtml).toContain('<h2 id="tou-eligibility">1. Quién puede usar el Sitio</h2>');
    expect(legalHtmlProblem(TERMS_OF_USE_ES)).toBeNull();
    // The Cancellation Policy's published (now past) version has its translation in the history.
    const history = await staffText(cookie, 'cancellation-policy');
    expect(history.history.find((row) => row.version === 1)).toMatchObject({ spanish: true });
  });
});

describe('the Terms of Use in Spanish and their acceptance', () => {
  it('a new Spanish text publishes one terms version, and a Spanish reader accepting it records the version an English reader records', async () => {
    const { cookie } = await contentStaff();
    const english = await createLoggedInTester(db(), { language: 'en' });
    const spanish = await createLoggedInTester(db(), { language: 'es' });
    const status = async (tester: { cookie: string }) =>
      (await getWith(testApp.app, '/api/account/GetTermsStatus', { cookie: tester.cookie })).json();
    const before = await status(spanish);

    const current = await staffText(cookie, 'terms');
    const answer = await post(cookie, 'PublishLegalText', {
      page: 'terms',
      basedOnVersion: current.latestVersion,
      bodyHtml: current.bodyHtml,
      bodyHtmlEs: `${current.bodyHtmlEs ?? ''}<p>Nuevo párrafo.</p>`,
    });
    expect(answer.json()).toMatchObject({ status: 'succeed', message: LEGAL_TEXTS.termsPublished });
    const asked = await status(spanish);
    expect(asked).toMatchObject({ needsAcceptance: true, currentVersion: before.currentVersion + 1, language: 'es' });
    expect(await status(english)).toMatchObject({ needsAcceptance: true, currentVersion: asked.currentVersion });
    expect(await publicText('terms', 'es')).toMatchObject({ bodyHtml: expect.stringContaining('<p>Nuevo párrafo.</p>') });

    for (const tester of [spanish, english]) {
      const accepted = await postJson(
        testApp.app,
        '/api/account/AcceptTerms',
        { version: asked.currentVersion },
        { cookie: tester.cookie },
      );
      expect(accepted.json()).toMatchObject({ status: 'succeed', acceptedVersion: asked.currentVersion });
      expect(await status(tester)).toMatchObject({ needsAcceptance: false, acceptedVersion: asked.currentVersion });
    }
  });
});

describe('the prerendered legal page', () => {
  const page = '<html><body><div data-legal-body="rules"><p>Built-in</p></div></body></html>';

  it("embeds the Spanish reader's answer beside the English one, the HTML staying English", () => {
    const html = withLegalText(page, 'rules', { version: 4, bodyHtml: '<p>Rules</p>' }, { version: 4, bodyHtml: '<p>Reglas</p>' })!;
    expect(html).toContain('<div data-legal-body="rules"><p>Rules</p></div>');
    const scripts =
      /<script type="application\/json" id="legal-text-data-es">(.*?)<\/script><script type="application\/json" id="legal-text-data">(.*?)<\/script><\/body>/.exec(
        html,
      )!;
    // The English script is as it was: a page without Spanish readers' data reads the same.
    expect(JSON.parse(scripts[2]!)).toEqual({ page: 'rules', version: 4, bodyHtml: '<p>Rules</p>' });
    expect(JSON.parse(scripts[1]!)).toEqual({ page: 'rules', version: 4, bodyHtml: '<p>Reglas</p>' });
  });
});
