import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestSite, Winner } from '@testerhub/shared/public-content';
import {
  SITE_CONTENT_TEXTS,
  type StaffTestSite,
  type StaffTestSitesResponse,
  type StaffWinner,
  type StaffWinnersResponse,
} from '@testerhub/shared/site-content-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { staffAuditLog } from '../../core/db/schema.ts';

/**
 * Winners and test sites edited by content staff (issue 12 section 6; decision 061): shown on the
 * public calls at once though they were cached for an hour; every save audited; a save from an
 * older copy refused; a site's time zone and id kept; simultaneous saves of one row, one winning.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return { staff, cookie: await staffCookieFor(db(), staff.id) };
}

const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const publicWinners = async () => (await getWith(testApp.app, '/api/reward/GetWinners')).json() as Winner[];
const publicSites = async () => (await getWith(testApp.app, '/api/content/GetTestSites')).json() as TestSite[];
const staffWinners = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/staff/content/Winners', { cookie })).json() as StaffWinnersResponse).winners;
const staffSites = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/staff/content/TestSites', { cookie })).json() as StaffTestSitesResponse).sites;
const auditRows = (type: string, id: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, type), eq(staffAuditLog.targetId, id)));

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
    const fields = {
      city: 'Austin',
      address: '500 Congress Ave, Austin, TX 78701',
      phone: '(512) 555-0100',
      fax: '',
      tollFree: '',
      airportDirections: [],
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(index % 2 ? one.cookie : two.cookie, 'AddTestSite', { ...fields, name: `Austin ${index}`, timeZone: 'America/Chicago' }),
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
    const highest = Math.max(...before.map((site) => Number(site.siteId)));
    expect(added.map((site) => Number(site.siteId)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((step) => highest + step));
    expect(added.every((site) => /^\d{5}$/.test(site.siteId))).toBe(true);
    const after = await publicSites();
    expect(after).toHaveLength(before.length + 6);
    expect(after.slice(0, before.length).map((site) => site.siteId)).toEqual(before.map((site) => site.siteId)); // added last
    for (const site of added)
      expect((await auditRows('test-site', site.siteId))[0]).toMatchObject({ action: 'test-site.add', before: null });

    const badZone = await post(one.cookie, 'AddTestSite', { ...fields, name: 'Nowhere', timeZone: 'Mars/Olympus' });
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
