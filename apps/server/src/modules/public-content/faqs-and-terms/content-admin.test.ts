import { describe, expect, it } from 'vitest';
import {
  CONTENT_TEXTS,
  type StaffFaq,
  type StaffFaqsResponse,
  type StaffTermsVersionsResponse,
} from '@testerhub/shared/content-admin-schemas';
import type { Faq, TestSite, Winner } from '@testerhub/shared/public-content';
import {
  SITE_CONTENT_TEXTS,
  type StaffTestSite,
  type StaffTestSitesResponse,
  type StaffWinner,
  type StaffWinnersResponse,
} from '@testerhub/shared/site-content-schemas';
import { getWith, postJson } from '../../../../test/account-helpers.ts';
import { AUSTIN_SITE_FIELDS } from '../../../../test/site-setup-calls.ts';
import { createLoggedInTester } from '../../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { termsVersions } from '../../../core/db/schema.ts';

/**
 * The content section of the staff console (issue 12 section 6; decision 057): FAQs added, edited,
 * hidden and reordered, shown on the public page at once (the public cache is dropped); the terms'
 * versions published through TermsService.publish so testers are asked again; two editors of one
 * item, where the second is told it changed since they opened it. Winners and test sites (decision
 * 061): shown on the public calls at once, every save audited, a save from an older copy refused,
 * a site's time zone and id kept, simultaneous saves of one row, one winning.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

const contentStaff = () => signedInStaff(db(), ['content']);

const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const staffFaqs = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Faqs', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as StaffFaqsResponse).faqs;
};
const publicFaqs = async () => (await getWith(testApp.app, '/api/reward/GetFaqs')).json() as Faq[];
const publicWinners = async () => (await getWith(testApp.app, '/api/reward/GetWinners')).json() as Winner[];
const publicSites = async () => (await getWith(testApp.app, '/api/content/GetTestSites')).json() as TestSite[];
const staffWinners = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/staff/content/Winners', { cookie })).json() as StaffWinnersResponse).winners;
const staffSites = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/staff/content/TestSites', { cookie })).json() as StaffTestSitesResponse).sites;
const auditRows = (type: string, id: string) => auditRowsWhere(db(), { targetType: type, targetId: id });

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

let names = 0;
async function addWinner(cookie: string, fields: Partial<StaffWinner> = {}) {
  const answer = await post(cookie, 'AddWinner', {
    winnerTypeDesc: 'Facebook',
    periodStart: '2021-04-01',
    winnerTime: 'April',
    winner: `Jo ${++names}.`,
    ...fields,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ status: 'succeed', message: SITE_CONTENT_TEXTS.winnerAdded });
  return answer.json().winner as StaffWinner;
}

const siteFields = (site: StaffTestSite) => ({
  siteId: site.siteId,
  revision: site.revision,
  name: site.name,
  city: site.city,
  address: site.address,
  phone: site.phone,
  fax: site.fax,
  tollFree: site.tollFree,
  airportDirections: site.airportDirections,
});

describe('winners', () => {
  it('adds, edits, hides and removes a winner: the public list follows each step at once, each step audited', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await publicWinners(); // warms the public cache (an hour in this file)
    const winner = await addWinner(cookie, { winner: 'Ana P.' });
    expect(winner).toMatchObject({ winnerTypeDesc: 'Facebook', periodStart: '2021-04-01', hidden: false, revision: 1 });
    expect(await publicWinners()).toHaveLength(before.length + 1);
    expect((await publicWinners()).find((entry) => entry.winner === 'Ana P.')).toMatchObject({ year: 2021, winnerTime: 'April' });

    const edited = await post(cookie, 'EditWinner', { ...winner, winner: 'Ana R.', winnerTime: 'Spring' });
    expect(edited.json()).toMatchObject({ status: 'succeed', message: SITE_CONTENT_TEXTS.winnerSaved, winner: { revision: 2 } });
    const names = (await publicWinners()).map((entry) => entry.winner);
    expect(names).toContain('Ana R.');
    expect(names).not.toContain('Ana P.');

    const hidden = await post(cookie, 'EditWinner', { ...winner, revision: 2, winner: 'Ana R.', winnerTime: 'Spring', hidden: true });
    expect(hidden.json()).toMatchObject({ status: 'succeed', winner: { hidden: true, revision: 3 } });
    expect((await publicWinners()).map((entry) => entry.winner)).not.toContain('Ana R.');
    expect((await staffWinners(cookie)).find((entry) => entry.id === winner.id)).toMatchObject({ hidden: true, revision: 3 });

    const removed = await post(cookie, 'RemoveWinner', { id: winner.id, revision: 3 });
    expect(removed.json()).toEqual({ status: 'succeed', message: SITE_CONTENT_TEXTS.winnerRemoved });
    expect((await staffWinners(cookie)).find((entry) => entry.id === winner.id)).toBeUndefined();
    expect(await publicWinners()).toHaveLength(before.length);

    const rows = await auditRows('winner', String(winner.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['winner.add', 'winner.edit', 'winner.edit', 'winner.remove']);
    expect(rows.every((row) => row.staffId === staff.id)).toBe(true);
    expect(rows.find((row) => row.action === 'winner.remove')).toMatchObject({ before: { winner: 'Ana R.', hidden: true }, after: null });
  });

  it('feeds the giveaway pages: a winner added to the social giveaway is among its five latest', async () => {
    const { cookie } = await contentStaff();
    await addWinner(cookie, { periodStart: '2099-01-01', winnerTime: 'January', winner: 'Newest S.' });
    const tester = await createLoggedInTester(db());
    const answer = await postJson(testApp.app, '/api/reward/GetWinners', { type: 'eCard', count: 5 }, { cookie: tester.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { winner: string }[])[0]).toMatchObject({ winner: 'Newest S.', year: 2099 });
  });

  it('refuses a duplicate entry, a save from an older copy, an unknown winner, and invalid fields with their messages', async () => {
    const { cookie } = await contentStaff();
    const winner = await addWinner(cookie, { winner: 'Dup D.' });
    const other = await addWinner(cookie, { winner: 'Other O.' });
    const duplicate = await post(cookie, 'AddWinner', { ...winner, id: undefined, revision: undefined });
    expect(duplicate.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.winnerDuplicate });
    const renamedOntoAnother = await post(cookie, 'EditWinner', { ...other, winner: 'Dup D.' });
    expect(renamedOntoAnother.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.winnerDuplicate });

    expect((await post(cookie, 'EditWinner', { ...winner, winner: 'First save' })).json()).toMatchObject({ status: 'succeed' });
    const stale = await post(cookie, 'EditWinner', { ...winner, winner: 'Second save' });
    expect(stale.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.winnerChanged });
    const staleRemove = await post(cookie, 'RemoveWinner', { id: winner.id, revision: 1 });
    expect(staleRemove.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.winnerChanged });
    const unknown = await post(cookie, 'EditWinner', { ...winner, id: 2_000_000_000 });
    expect(unknown.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.winnerNotFound });
    expect((await auditRows('winner', String(winner.id))).map((row) => row.action).sort()).toEqual(['winner.add', 'winner.edit']);

    const invalid = await post(cookie, 'AddWinner', { winnerTypeDesc: 'Lottery', periodStart: '2021-02-30', winnerTime: ' ', winner: '' });
    expect(invalid.statusCode).toBe(400);
    for (const text of [
      SITE_CONTENT_TEXTS.winnerTypeRequired,
      SITE_CONTENT_TEXTS.periodStartInvalid,
      SITE_CONTENT_TEXTS.winnerTimeRequired,
      SITE_CONTENT_TEXTS.winnerRequired,
    ]) {
      expect(invalid.body).toContain(text);
    }
  });

  it('two editors at once: of 10 simultaneous saves and removals from one copy, one succeeds and the rest are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    for (let round = 0; round < 3; round += 1) {
      const winner = await addWinner(one.cookie, { winner: `Race ${round}` });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => {
          const cookie = index % 2 === 0 ? one.cookie : two.cookie;
          return index % 4 === 0
            ? post(cookie, 'RemoveWinner', { id: winner.id, revision: 1 })
            : post(cookie, 'EditWinner', { ...winner, winner: `Race ${round} by ${index}` });
        }),
      );
      const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
      expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
      const failed = bodies.filter((body) => body.status === 'failed').map((body) => body.message);
      expect(failed).toHaveLength(9);
      // A save after a removal finds no winner; any other finds the revision moved.
      for (const message of failed) expect([SITE_CONTENT_TEXTS.winnerChanged, SITE_CONTENT_TEXTS.winnerNotFound]).toContain(message);
      expect(await auditRows('winner', String(winner.id))).toHaveLength(2); // the add and the one change
    }
  });
});

describe('test sites', () => {
  it('edits a site’s public fields: the public maps data shows them at once, the time zone and id stay, the save is audited', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await publicSites(); // warms the public cache
    const site = (await staffSites(cookie)).find((entry) => entry.siteId === '00001')!;
    expect(site).toMatchObject({ mapCode: 'ch', timeZone: 'America/Chicago' });
    const saved = await post(cookie, 'EditTestSite', {
      ...siteFields(site),
      name: 'Chicago Loop Test Center',
      address: '1 N State St, Chicago, IL 60602',
      airportDirections: [{ airport: 'Midway (MDW)', directions: 'Take the Orange Line to State/Lake.' }],
      timeZone: 'America/New_York', // not an editable field: ignored
      mapCode: 'ny',
    });
    expect(saved.json()).toMatchObject({ status: 'succeed', message: SITE_CONTENT_TEXTS.siteSaved, site: { revision: site.revision + 1 } });
    const after = (await publicSites()).find((entry) => entry.siteId === '00001')!;
    expect(after).toMatchObject({
      name: 'Chicago Loop Test Center',
      address: '1 N State St, Chicago, IL 60602',
      mapCode: 'ch',
      timeZone: 'America/Chicago',
      airportDirections: [{ airport: 'Midway (MDW)', directions: 'Take the Orange Line to State/Lake.' }],
    });
    expect((await publicSites()).length).toBe(before.length);
    const rows = await auditRows('test-site', '00001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: staff.id,
      action: 'test-site.edit',
      before: { name: site.name },
      after: { name: 'Chicago Loop Test Center' },
    });

    const stale = await post(cookie, 'EditTestSite', { ...siteFields(site), name: 'Older copy' });
    expect(stale.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.siteChanged });
    const unknown = await post(cookie, 'EditTestSite', { ...siteFields(site), siteId: '99999' });
    expect(unknown.json()).toEqual({ status: 'failed', message: SITE_CONTENT_TEXTS.siteNotFound });
    const invalid = await post(cookie, 'EditTestSite', {
      ...siteFields(site),
      name: '',
      phone: 'call us',
      airportDirections: [{ airport: 'X', directions: '' }],
    });
    expect(invalid.statusCode).toBe(400);
    for (const text of [SITE_CONTENT_TEXTS.nameRequired, SITE_CONTENT_TEXTS.phoneInvalid, SITE_CONTENT_TEXTS.directionsRequired]) {
      expect(invalid.body).toContain(text);
    }
    expect(await auditRows('test-site', '00001')).toHaveLength(1);
  });

  it('adds sites with the next free ids, no maps page, listed publicly and for scheduling; simultaneous additions get distinct ids', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    const before = await publicSites();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(index % 2 ? one.cookie : two.cookie, 'AddTestSite', { ...AUSTIN_SITE_FIELDS, name: `Austin ${index}` }),
      ),
    );
    const added = answers.map((answer) => {
      expect(answer.json()).toMatchObject({
        status: 'succeed',
        message: SITE_CONTENT_TEXTS.siteAdded,
        site: { mapCode: null, revision: 1 },
      });
      return answer.json().site as StaffTestSite;
    });
    // One past the highest, skipping 00006: the mail-only area's ZIP prefixes name it without a site row (decision 069).
    const highest = Math.max(...before.map((site) => Number(site.siteId)));
    const expected = Array.from({ length: 7 }, (_, step) => highest + 1 + step).filter((id) => id !== 6);
    expect(added.map((site) => Number(site.siteId)).sort((a, b) => a - b)).toEqual(expected.slice(0, 6));
    expect(added.every((site) => /^\d{5}$/.test(site.siteId))).toBe(true);
    const after = await publicSites();
    expect(after).toHaveLength(before.length + 6);
    expect(after.slice(0, before.length).map((site) => site.siteId)).toEqual(before.map((site) => site.siteId)); // added last
    for (const site of added)
      expect((await auditRows('test-site', site.siteId))[0]).toMatchObject({ action: 'test-site.add', before: null });

    const badZone = await post(one.cookie, 'AddTestSite', { ...AUSTIN_SITE_FIELDS, name: 'Nowhere', timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.body).toContain(SITE_CONTENT_TEXTS.timeZoneInvalid);
  });

  it('two editors of one site at once: of 10 simultaneous saves from one copy, one succeeds', async () => {
    const { cookie } = await contentStaff();
    const site = (await staffSites(cookie)).find((entry) => entry.siteId === '00002')!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => post(cookie, 'EditTestSite', { ...siteFields(site), phone: `(214) 555-01${10 + index}` })),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(
      Array(9).fill(SITE_CONTENT_TEXTS.siteChanged),
    );
    expect((await staffSites(cookie)).find((entry) => entry.siteId === '00002')?.revision).toBe(site.revision + 1);
    expect(await auditRows('test-site', '00002')).toHaveLength(1);
  });
});
