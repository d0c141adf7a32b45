import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_TEXTS,
  type StaffFaq,
  type StaffFaqsResponse,
  type StaffTermsVersionsResponse,
} from '@testerhub/shared/content-admin-schemas';
import type { Faq } from '@testerhub/shared/public-content';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { staffAuditLog, termsVersions } from '../../core/db/schema.ts';

/**
 * The content section of the staff console (issue 12 section 6; decision 057): FAQs added, edited,
 * hidden and reordered, shown on the public page at once (the public cache is dropped); the terms'
 * versions published through TermsService.publish so testers are asked again; two editors of one
 * item, where the second is told it changed since they opened it.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return { staff, cookie: await staffCookieFor(db(), staff.id) };
}

const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const staffFaqs = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Faqs', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as StaffFaqsResponse).faqs;
};
const publicFaqs = async () => (await getWith(testApp.app, '/api/reward/GetFaqs')).json() as Faq[];
const auditRows = (type: string, id: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, type), eq(staffAuditLog.targetId, id)));

async function addFaq(cookie: string, fields: { type?: number; question: string; answer?: string; hidden?: boolean }) {
  const answer = await post(cookie, 'AddFaq', { type: 2, answer: '<p>Yes.</p>', ...fields });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ status: 'succeed', message: CONTENT_TEXTS.faqAdded });
  return answer.json().faq as StaffFaq;
}

describe('FAQs', () => {
  it('adds a question last of its group, shown on the public page at once though the page was cached, with an audit row', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await publicFaqs(); // warms the public cache (an hour in this file)
    const faq = await addFaq(cookie, { type: 3, question: 'Can I give my coins to a friend?', answer: '<p>No, coins stay yours.</p>' });
    expect(faq).toMatchObject({ type: 3, hidden: false, revision: 1 });

    const after = await publicFaqs();
    expect(after).toHaveLength(before.length + 1);
    const group = after.filter((entry) => entry.type === 3);
    expect(group.at(-1)).toEqual({ type: 3, question: 'Can I give my coins to a friend?', answer: '<p>No, coins stay yours.</p>' });
    const rows = await auditRows('faq', String(faq.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: staff.id, action: 'faq.add', before: null });
    expect(rows[0]!.after).toMatchObject({ question: 'Can I give my coins to a friend?' });
  });

  it('edits and hides a question: the public page drops it, the staff list keeps it, each save is audited before and after', async () => {
    const { cookie } = await contentStaff();
    const faq = await addFaq(cookie, { question: 'Where do I park?' });
    const edited = await post(cookie, 'EditFaq', {
      id: faq.id,
      revision: 1,
      type: 2,
      question: 'Where can I park?',
      answer: '<p>Behind the building.</p>',
    });
    expect(edited.json()).toMatchObject({
      status: 'succeed',
      message: CONTENT_TEXTS.faqSaved,
      faq: { revision: 2, question: 'Where can I park?' },
    });
    expect((await publicFaqs()).map((entry) => entry.question)).toContain('Where can I park?');

    const hidden = await post(cookie, 'EditFaq', {
      id: faq.id,
      revision: 2,
      type: 2,
      question: 'Where can I park?',
      answer: '<p>Behind the building.</p>',
      hidden: true,
    });
    expect(hidden.json()).toMatchObject({ status: 'succeed', faq: { revision: 3, hidden: true } });
    expect((await publicFaqs()).map((entry) => entry.question)).not.toContain('Where can I park?');
    expect((await staffFaqs(cookie)).find((entry) => entry.id === faq.id)).toMatchObject({ hidden: true, revision: 3 });

    const rows = await auditRows('faq', String(faq.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['faq.add', 'faq.edit', 'faq.edit']);
    const hiding = rows.find((row) => (row.after as StaffFaq).hidden);
    expect(hiding?.before).toMatchObject({ hidden: false, revision: 2 });
  });

  it('moves a question up and down within its group, and refuses to move it past the edge', async () => {
    const { cookie } = await contentStaff();
    const first = await addFaq(cookie, { type: 4, question: 'Order test one?' });
    const second = await addFaq(cookie, { type: 4, question: 'Order test two?' });
    const order = async () =>
      (await publicFaqs()).filter((entry) => entry.question.startsWith('Order test')).map((entry) => entry.question);
    expect(await order()).toEqual(['Order test one?', 'Order test two?']);

    const moved = await post(cookie, 'MoveFaq', { id: second.id, revision: 1, direction: 'up' });
    expect(moved.json()).toMatchObject({ status: 'succeed', message: CONTENT_TEXTS.faqMoved, faq: { revision: 2 } });
    expect(await order()).toEqual(['Order test two?', 'Order test one?']);

    const group = (await staffFaqs(cookie)).filter((entry) => entry.question.startsWith('Order test'));
    expect(group.map((entry) => entry.id)).toEqual([second.id, first.id]);
    const top = (await staffFaqs(cookie)).find((entry) => entry.type === 4)!;
    expect((await post(cookie, 'MoveFaq', { id: top.id, revision: top.revision, direction: 'up' })).json()).toEqual({
      status: 'failed',
      message: CONTENT_TEXTS.faqAtEdge,
    });
    expect((await post(cookie, 'MoveFaq', { id: first.id, revision: 1, direction: 'down' })).json()).toMatchObject({
      message: CONTENT_TEXTS.faqAtEdge,
    });
    expect((await post(cookie, 'MoveFaq', { id: first.id, revision: 1, direction: 'up' })).json()).toMatchObject({ status: 'succeed' });
    expect(await order()).toEqual(['Order test one?', 'Order test two?']);
  });

  it('refuses a save from an older copy, an unknown question and invalid fields, writing nothing', async () => {
    const { cookie } = await contentStaff();
    const faq = await addFaq(cookie, { question: 'Stale copy?' });
    await post(cookie, 'EditFaq', { id: faq.id, revision: 1, type: 2, question: 'Fresh copy?', answer: '<p>Yes.</p>' });
    const stale = await post(cookie, 'EditFaq', { id: faq.id, revision: 1, type: 2, question: 'Overwrite?', answer: '<p>No.</p>' });
    expect(stale.json()).toEqual({ status: 'failed', message: CONTENT_TEXTS.faqChanged });
    expect((await post(cookie, 'EditFaq', { id: 2_000_000, revision: 1, type: 2, question: 'Who?', answer: 'x' })).json()).toEqual({
      status: 'failed',
      message: CONTENT_TEXTS.faqNotFound,
    });
    const invalid = await post(cookie, 'AddFaq', { type: 9, question: '  ', answer: 'a\u0000b' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(CONTENT_TEXTS.questionRequired);
    expect((await staffFaqs(cookie)).find((entry) => entry.id === faq.id)).toMatchObject({ question: 'Fresh copy?', revision: 2 });
    expect(await auditRows('faq', String(faq.id))).toHaveLength(2);
  });

  it('two editors at once: of 12 simultaneous saves and moves from one copy, one succeeds and the rest are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    for (let round = 0; round < 3; round += 1) {
      await addFaq(one.cookie, { type: 1, question: `Race anchor ${round}?` });
      const faq = await addFaq(one.cookie, { type: 1, question: `Race ${round}?` });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => {
          const cookie = index % 2 === 0 ? one.cookie : two.cookie;
          return index % 3 === 0
            ? post(cookie, 'MoveFaq', { id: faq.id, revision: 1, direction: 'up' })
            : post(cookie, 'EditFaq', { id: faq.id, revision: 1, type: 1, question: `Race ${round} by ${index}?`, answer: '<p>Mine.</p>' });
        }),
      );
      const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
      expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
      expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(
        Array(11).fill(CONTENT_TEXTS.faqChanged),
      );
      expect((await staffFaqs(one.cookie)).find((entry) => entry.id === faq.id)?.revision).toBe(2);
      expect(await auditRows('faq', String(faq.id))).toHaveLength(2); // the add and the one change
    }
  });
});

describe('terms versions', () => {
  it('publishes a new version through the terms service: the history is kept and a tester who accepted the old one is asked again', async () => {
    const { staff, cookie } = await contentStaff();
    const tester = await createLoggedInTester(db());
    const status = async () => (await getWith(testApp.app, '/api/account/GetTermsStatus', { cookie: tester.cookie })).json();
    const accepted = await postJson(
      testApp.app,
      '/api/account/AcceptTerms',
      { version: (await status()).currentVersion },
      { cookie: tester.cookie },
    );
    expect(accepted.json()).toMatchObject({ status: 'succeed' });
    expect(await status()).toMatchObject({ needsAcceptance: false });

    const history = (await getWith(testApp.app, '/api/staff/content/TermsVersions', { cookie })).json() as StaffTermsVersionsResponse;
    const latest = history.latestVersion!;
    expect(history.versions[0]).toMatchObject({ version: latest, inForce: true });

    const published = await post(cookie, 'PublishTerms', {
      basedOnVersion: latest,
      summaryEn: 'We changed the rewards rules.',
      summaryEs: 'Cambiamos las reglas.',
    });
    expect(published.json()).toEqual({ status: 'succeed', message: CONTENT_TEXTS.termsPublished, version: latest + 1 });
    expect(await status()).toMatchObject({ needsAcceptance: true, currentVersion: latest + 1, summary: 'We changed the rewards rules.' });

    const after = (await getWith(testApp.app, '/api/staff/content/TermsVersions', { cookie })).json() as StaffTermsVersionsResponse;
    expect(after.versions.map((row) => row.version)).toEqual([latest + 1, ...history.versions.map((row) => row.version)]);
    expect(after.versions.filter((row) => row.inForce).map((row) => row.version)).toEqual([latest + 1]);
    const rows = await auditRows('terms-version', String(latest + 1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: staff.id, action: 'terms.publish', before: { latestVersion: latest } });
  });

  it('two staff publishing over the same version at once: one version is made, the other is told it changed, with no audit row', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    const latest = (
      (await getWith(testApp.app, '/api/staff/content/TermsVersions', { cookie: one.cookie })).json() as StaffTermsVersionsResponse
    ).latestVersion!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(index % 2 === 0 ? one.cookie : two.cookie, 'PublishTerms', {
          basedOnVersion: latest,
          summaryEn: `Change ${index}`,
          summaryEs: `Cambio ${index}`,
        }),
      ),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(
      Array(7).fill(CONTENT_TEXTS.termsChanged),
    );
    expect((await db().select().from(termsVersions)).map((row) => row.version).sort((a, b) => b - a)[0]).toBe(latest + 1);
    expect(await auditRows('terms-version', String(latest + 1))).toHaveLength(1);
    expect(await auditRows('terms-version', 'new')).toHaveLength(0);
  });

  it('refuses empty summaries with their messages', async () => {
    const { cookie } = await contentStaff();
    const answer = await post(cookie, 'PublishTerms', { basedOnVersion: 1, summaryEn: ' ', summaryEs: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(CONTENT_TEXTS.summaryEnRequired);
  });
});
