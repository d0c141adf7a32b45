import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '@testerhub/shared/public-content';
import type { StaffTestSite, StaffTestSitesResponse } from '@testerhub/shared/site-content-schemas';
import { SITE_ZIP_TEXTS, type SiteZipPrefixesResponse } from '@testerhub/shared/site-zip-schemas';
import { getWith, postJson, testerByUsername, validRegistration } from '../../../../test/account-helpers.ts';
import { createBooking, createLoggedInTester, createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { SESSION_ADMIN_TEXTS } from '@testerhub/shared/session-admin-schemas';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { useTestApp } from '../../../../test/test-app.ts';
import { sessionGroups, staffAuditLog, staffMembers, testers, testSites, zipPrefixSites } from '../../../core/db/schema.ts';

/**
 * Test sites made complete for content staff (issue 12 section 6; decision 069): a new site given a
 * ZIP prefix gets the testers registering there (through the real registration call); a prefix is
 * one site's at most, also when two staff race for it; a site's maps page is one of the routed codes
 * and one site's; the public order moves; a site is removed with its prefixes only when nothing
 * names it, else refused with the counts. Every change audited, a save from an older copy refused.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return staffCookieFor(db(), staff.id);
}

const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const publicSites = async () => (await getWith(testApp.app, '/api/content/GetTestSites')).json() as TestSite[];
const staffSites = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/staff/content/TestSites', { cookie })).json() as StaffTestSitesResponse).sites;
const siteOf = async (cookie: string, siteId: string) => (await staffSites(cookie)).find((site) => site.siteId === siteId)!;
const prefixesOf = async (cookie: string, siteId: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/SiteZipPrefixes', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as SiteZipPrefixesResponse).prefixes.filter((row) => row.siteId === siteId).map((row) => row.prefix);
};
const auditRows = (siteId: string, action: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'test-site'), eq(staffAuditLog.targetId, siteId), eq(staffAuditLog.action, action)));

async function addSite(cookie: string, name = 'Austin Test Center'): Promise<StaffTestSite> {
  const answer = await post(cookie, 'AddTestSite', {
    name,
    city: 'Austin',
    address: '500 Congress Ave, Austin, TX 78701',
    phone: '(512) 555-0100',
    fax: '',
    tollFree: '',
    airportDirections: [],
    timeZone: 'America/Chicago',
  });
  expect(answer.json(), answer.body).toMatchObject({ status: 'succeed' });
  return answer.json().site as StaffTestSite;
}

describe('ZIP prefixes', () => {
  it('a new site given a prefix gets the testers who register in it, through the registration call; removing it stops that', async () => {
    const cookie = await contentStaff();
    const site = await addSite(cookie);
    expect(await prefixesOf(cookie, site.siteId)).toEqual([]);

    const added = await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '787' });
    expect(added.json()).toEqual({ status: 'succeed', message: SITE_ZIP_TEXTS.prefixAdded });
    expect(await prefixesOf(cookie, site.siteId)).toEqual(['787']);
    expect(await auditRows(site.siteId, 'test-site.zip-add')).toMatchObject([{ before: null, after: { zipPrefix: '787' } }]);

    const located = await postJson(testApp.app, '/api/account/CheckLocation', '78701');
    expect(located.json()).toEqual({ siteId: site.siteId, tooFar: false });
    const registration = validRegistration({ ZipCode: '78701', City: 'Austin', State: 'TX' });
    const registered = await postJson(testApp.app, '/api/account/register', registration);
    expect(registered.json(), registered.body).toMatchObject({ status: 'succeed' });
    expect((await testerByUsername(testApp.database, registration.Username as string))?.siteId).toBe(site.siteId);

    const removed = await post(cookie, 'RemoveZipPrefix', { siteId: site.siteId, prefix: '787' });
    expect(removed.json()).toEqual({ status: 'succeed', message: SITE_ZIP_TEXTS.prefixRemoved });
    expect(await auditRows(site.siteId, 'test-site.zip-remove')).toMatchObject([{ before: { zipPrefix: '787' }, after: null }]);
    const later = validRegistration({ ZipCode: '78702', City: 'Austin', State: 'TX' });
    expect((await postJson(testApp.app, '/api/account/register', later)).json()).toMatchObject({ status: 'succeed' });
    expect((await testerByUsername(testApp.database, later.Username as string))?.siteId).toBe('88888');
    // The tester assigned before keeps the site.
    expect((await testerByUsername(testApp.database, registration.Username as string))?.siteId).toBe(site.siteId);
  });

  it('refuses a prefix another site holds naming it, one the site does not hold, an unknown site and malformed prefixes', async () => {
    const cookie = await contentStaff();
    const site = await addSite(cookie);
    const held = await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '606' });
    expect(held.json()).toEqual({
      status: 'failed',
      message: SITE_ZIP_TEXTS.prefixHeld('606', 'Chicago Test Center (00001)'),
      field: 'prefix',
    });
    const mailOnly = await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '995' });
    expect(mailOnly.json()).toMatchObject({
      status: 'failed',
      message: SITE_ZIP_TEXTS.prefixHeld('995', SITE_ZIP_TEXTS.mailOnlyArea('00006')),
    });
    const notHeld = await post(cookie, 'RemoveZipPrefix', { siteId: site.siteId, prefix: '606' });
    expect(notHeld.json()).toEqual({ status: 'failed', message: SITE_ZIP_TEXTS.prefixNotHeld('606'), field: 'prefix' });
    const unknown = await post(cookie, 'AddZipPrefix', { siteId: '99999', prefix: '301' });
    expect(unknown.json()).toEqual({ status: 'failed', message: SITE_ZIP_TEXTS.siteNotFound });
    for (const prefix of ['78', '7870', 'abc', '7 8']) {
      const malformed = await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).toContain(SITE_ZIP_TEXTS.prefixInvalid);
    }
    const [chicago] = await db().select().from(zipPrefixSites).where(eq(zipPrefixSites.prefix, '606'));
    expect(chicago?.siteId).toBe('00001');
    expect(await auditRows(site.siteId, 'test-site.zip-add')).toHaveLength(0);
  });

  it('two staff adding one prefix to two sites at once: one site gets it, the others are told which site holds it', async () => {
    const [one, two] = [await contentStaff(), await contentStaff()];
    const sites = [await addSite(one, 'Austin North'), await addSite(two, 'Austin South')];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(index % 2 ? one : two, 'AddZipPrefix', { siteId: sites[index % 2]!.siteId, prefix: '733' }),
      ),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    const rows = await db().select().from(zipPrefixSites).where(eq(zipPrefixSites.prefix, '733'));
    expect(rows).toHaveLength(1);
    const holder = sites.find((site) => site.siteId === rows[0]!.siteId)!;
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual(
      Array(7).fill(SITE_ZIP_TEXTS.prefixHeld('733', `${holder.name} (${holder.siteId})`)),
    );
    const audits = await Promise.all(sites.map((site) => auditRows(site.siteId, 'test-site.zip-add')));
    expect(audits.flat()).toHaveLength(1);
  });
});

describe('maps page and order', () => {
  it('gives a site a free maps page, refuses one another site shows naming it, takes it off; a stale copy is refused', async () => {
    const cookie = await contentStaff();
    // Dallas's page moved to a new site: taken off Dallas first.
    const dallas = await siteOf(cookie, '00002');
    const site = await addSite(cookie);
    const taken = await post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: site.revision, mapCode: 'da' });
    expect(taken.json()).toEqual({
      status: 'failed',
      message: SITE_ZIP_TEXTS.mapCodeHeld('da', 'Dallas Test Center (00002)'),
      field: 'mapCode',
    });
    expect((await post(cookie, 'SetSiteMapCode', { siteId: '00002', revision: dallas.revision, mapCode: null })).json()).toMatchObject({
      status: 'succeed',
    });
    expect((await publicSites()).find((entry) => entry.siteId === '00002')?.mapCode).toBeNull();
    const given = await post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: site.revision, mapCode: 'da' });
    expect(given.json()).toEqual({ status: 'succeed', message: SITE_ZIP_TEXTS.mapCodeSaved });
    expect((await publicSites()).find((entry) => entry.mapCode === 'da')?.siteId).toBe(site.siteId); // the cached list dropped
    expect(await auditRows(site.siteId, 'test-site.map-code')).toMatchObject([{ before: { mapCode: null }, after: { mapCode: 'da' } }]);

    const stale = await post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: site.revision, mapCode: null });
    expect(stale.json()).toEqual({ status: 'failed', message: SITE_ZIP_TEXTS.siteChanged });
    const invalid = await post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: site.revision + 1, mapCode: '<iframe>' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(SITE_ZIP_TEXTS.mapCodeInvalid);

    // Put back as the seed had it, for the other tests of this file.
    const now = await siteOf(cookie, site.siteId);
    await post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: now.revision, mapCode: null });
    await post(cookie, 'SetSiteMapCode', { siteId: '00002', revision: dallas.revision + 1, mapCode: 'da' });
    expect((await publicSites()).find((entry) => entry.mapCode === 'da')?.siteId).toBe('00002');
  });

  it('two sites claiming one free maps page at once: one gets it, the other is told which site shows it', async () => {
    const cookie = await contentStaff();
    const la = await siteOf(cookie, '00004');
    await post(cookie, 'SetSiteMapCode', { siteId: '00004', revision: la.revision, mapCode: null });
    const sites = [await addSite(cookie, 'Irvine'), await addSite(cookie, 'Pasadena')];
    const answers = await Promise.all(
      sites.map((site) => post(cookie, 'SetSiteMapCode', { siteId: site.siteId, revision: site.revision, mapCode: 'la' })),
    );
    const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    const winner = sites[bodies.findIndex((body) => body.status === 'succeed')]!;
    expect(bodies.find((body) => body.status === 'failed')?.message).toBe(
      SITE_ZIP_TEXTS.mapCodeHeld('la', `${winner.name} (${winner.siteId})`),
    );
    const now = await siteOf(cookie, winner.siteId);
    await post(cookie, 'SetSiteMapCode', { siteId: winner.siteId, revision: now.revision, mapCode: null });
    await post(cookie, 'SetSiteMapCode', { siteId: '00004', revision: la.revision + 1, mapCode: 'la' });
  });

  it('moves a site up and down the public order, refuses past the edge; moves at once all land, in turns', async () => {
    const cookie = await contentStaff();
    const order = async () => (await publicSites()).map((site) => site.siteId);
    const before = await order();
    const second = await siteOf(cookie, before[1]!);
    expect((await post(cookie, 'MoveTestSite', { siteId: second.siteId, revision: second.revision, direction: 'up' })).json()).toEqual({
      status: 'succeed',
      message: SITE_ZIP_TEXTS.moved,
    });
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    const top = await siteOf(cookie, second.siteId);
    expect((await post(cookie, 'MoveTestSite', { siteId: top.siteId, revision: top.revision, direction: 'up' })).json()).toEqual({
      status: 'failed',
      message: SITE_ZIP_TEXTS.moveAtEdge,
    });
    expect((await post(cookie, 'MoveTestSite', { siteId: top.siteId, revision: second.revision, direction: 'down' })).json()).toEqual({
      status: 'failed',
      message: SITE_ZIP_TEXTS.siteChanged,
    });
    expect(await auditRows(top.siteId, 'test-site.move')).toMatchObject([{ before: { order: before }, after: { order: await order() } }]);

    // Every other site moved down at once: each move locks the whole list first, so none is lost or doubled.
    const sites = await staffSites(cookie);
    const answers = await Promise.all(
      sites.slice(0, -1).map((site) => post(cookie, 'MoveTestSite', { siteId: site.siteId, revision: site.revision, direction: 'down' })),
    );
    expect(answers.every((answer) => answer.json().status === 'succeed')).toBe(true);
    const after = await order();
    expect([...after].sort()).toEqual(sites.map((site) => site.siteId).sort());
    const orders = (await db().select({ sortOrder: testSites.sortOrder }).from(testSites))
      .map((row) => row.sortOrder)
      .sort((a, b) => a - b);
    expect(orders).toEqual(orders.map((_, index) => index));
  });
});

describe('removing a site', () => {
  it('removes a site nothing names, with its prefixes: gone from the public list and registration, audited with what it was', async () => {
    const cookie = await contentStaff();
    const site = await addSite(cookie);
    await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '739' });
    const stale = await post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision + 1 });
    expect(stale.json()).toEqual({ status: 'failed', message: SITE_ZIP_TEXTS.siteChanged });

    const removed = await post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision });
    expect(removed.json()).toEqual({ status: 'succeed', message: SITE_ZIP_TEXTS.removed });
    expect((await publicSites()).some((entry) => entry.siteId === site.siteId)).toBe(false);
    expect(await prefixesOf(cookie, site.siteId)).toEqual([]);
    expect((await postJson(testApp.app, '/api/account/CheckLocation', '73901')).json()).toEqual({ siteId: '88888', tooFar: true });
    expect(await auditRows(site.siteId, 'test-site.remove')).toMatchObject([
      { before: { siteId: site.siteId, name: site.name, zipPrefixes: ['739'] }, after: null },
    ]);
    const again = await post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision });
    expect(again.json()).toEqual({ status: 'failed', message: SITE_ZIP_TEXTS.siteNotFound });
  });

  it('refuses a site that testers, a study, session groups, bookings or staff name, listing each with its count, and keeps it', async () => {
    const cookie = await contentStaff();
    const site = await addSite(cookie, 'Busy site');
    await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '748' });
    await createTester(db(), { siteId: site.siteId });
    await createTester(db(), { siteId: site.siteId });
    const study = await createStudy(db(), { siteId: site.siteId });
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, siteId: site.siteId });
    const booker = await createTester(db(), { siteId: '00001' });
    await createBooking(db(), { testerId: booker.id, studyNo: study.studyNo, groupId: group.id });
    const { staff: holder } = await createStaffMember(db(), { roles: ['site-staff'], siteIds: [site.siteId] });

    const refused = await post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision });
    expect(refused.json()).toEqual({
      status: 'failed',
      message: SITE_ZIP_TEXTS.removeRefused(
        'Busy site',
        `2 testers assigned, 1 study, 1 session group, 1 booking, 1 staff member working there (${holder.name})`,
      ),
    });
    expect((await publicSites()).some((entry) => entry.siteId === site.siteId)).toBe(true);
    expect(await prefixesOf(cookie, site.siteId)).toEqual(['748']);
    expect(await auditRows(site.siteId, 'test-site.remove')).toHaveLength(0);
  });

  it('a removal racing a prefix addition: either the site is gone and the addition refused, or the removal waits and takes the prefix too', async () => {
    const cookie = await contentStaff();
    const site = await addSite(cookie);
    const [removed, added] = await Promise.all([
      post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision }),
      post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '749' }),
    ]);
    expect(removed.json()).toMatchObject({ status: 'succeed' });
    if (added.json().status === 'failed') expect(added.json().message).toBe(SITE_ZIP_TEXTS.siteNotFound);
    expect(await db().select().from(zipPrefixSites).where(eq(zipPrefixSites.prefix, '749'))).toEqual([]);
  });
});

describe('a site removal racing what names the site (decision 071)', () => {
  const testersAt = async (siteId: string) => db().select({ id: testers.id }).from(testers).where(eq(testers.siteId, siteId));
  const groupsAt = async (siteId: string) =>
    db().select({ id: sessionGroups.id }).from(sessionGroups).where(eq(sessionGroups.siteId, siteId));
  /** An in-person group at `siteId` on 20 January 2026, 9:00 to 11:00 on the site's clock. */
  const groupFields = (studyNo: number, siteId: string) => ({
    studyNo,
    kind: 'inPerson',
    siteId,
    videoLink: '',
    pickUpDate: '',
    pickUpTime: '',
    color: 'Green',
    cell: 'A1',
    coOpCost: 10,
    seats: 3,
    status: 'Open',
    isExternal: false,
    sessions: [{ date: '2026-01-20', start: '09:00', end: '11:00' }],
  });
  const createGroup = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/sessions/CreateGroup', body, { cookie });

  it('registrations racing the removal of their site: either the site is gone and they are online only, or it is refused naming them', async () => {
    const cookie = await contentStaff();
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const site = await addSite(cookie, `Racing site ${round}`);
      const prefix = `70${round}`;
      expect((await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix })).json().status).toBe('succeed');
      const registrations = Array.from({ length: 3 }, () =>
        validRegistration({ ZipCode: `${prefix}12`, City: 'New Orleans', State: 'LA' }),
      );
      const [removed, ...registered] = await Promise.all([
        post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision }),
        ...registrations.map((registration) => postJson(testApp.app, '/api/account/register', registration)),
      ]);
      for (const answer of registered) expect(answer.json(), answer.body).toMatchObject({ status: 'succeed' });
      const assigned = await testersAt(site.siteId);
      const sites = await Promise.all(
        registrations.map(async (registration) => (await testerByUsername(testApp.database, registration.Username as string))?.siteId),
      );
      if (removed.json().status === 'succeed') {
        // Gone: nobody names it; the registrations that came after are online only.
        expect(assigned).toEqual([]);
        expect(await db().select().from(testSites).where(eq(testSites.siteId, site.siteId))).toEqual([]);
        for (const siteId of sites) expect(siteId).toBe('88888');
      } else {
        // Kept: refused naming the testers the registrations before it assigned, prefix and all.
        // Registrations after the refusal land at the kept site too: the message names those before it.
        expect(assigned.length).toBeGreaterThan(0);
        const named = Number(/(\d+) tester/.exec(removed.json().message)?.[1]);
        expect(named).toBeGreaterThan(0);
        expect(named).toBeLessThanOrEqual(assigned.length);
        expect(await prefixesOf(cookie, site.siteId)).toEqual([prefix]);
      }
      outcomes.add(removed.json().status);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('address changes into a ZIP prefix racing the removal of its site: either it is refused and the testers are at the site, or it is gone and they are not', async () => {
    const cookie = await contentStaff();
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const site = await addSite(cookie, `Moving-in site ${round}`);
      const prefix = `71${round}`;
      expect((await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix })).json().status).toBe('succeed');
      const movers = await Promise.all(Array.from({ length: 3 }, () => createLoggedInTester(db())));
      const contact = { address: '12 Moving Lane', city: 'Baton Rouge', zipCode: `${prefix}01`, phone: '2255550123' };
      const [removed, ...changed] = await Promise.all([
        post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision }),
        ...movers.map(({ cookie: testerCookie }) => postJson(testApp.app, '/api/account/ChangeContact', contact, { cookie: testerCookie })),
      ]);
      for (const answer of changed) expect(answer.json(), answer.body).toEqual({ status: 'succeed' });
      const assigned = (await testersAt(site.siteId)).map((row) => row.id).sort();
      if (removed.json().status === 'succeed') {
        expect(assigned).toEqual([]);
        expect(await db().select().from(testSites).where(eq(testSites.siteId, site.siteId))).toEqual([]);
        for (const { tester } of movers) {
          expect((await db().select().from(testers).where(eq(testers.id, tester.id)))[0]).toMatchObject({
            zipCode: contact.zipCode,
            siteId: '88888',
          });
        }
      } else {
        // Refused: its prefix came back with the rollback, so the changes that waited on it found the site too.
        expect(assigned).toEqual(movers.map(({ tester }) => tester.id).sort());
        expect(removed.json().message).toContain('tester');
        expect(await prefixesOf(cookie, site.siteId)).toEqual([prefix]);
      }
      outcomes.add(removed.json().status);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('on PostgreSQL, an address change whose read waits on a removal that then commits gets no site of it (online only)', async () => {
    if (testApp.database.kind !== 'postgres') return; // PGlite runs one transaction at a time: the change cannot read beside it.
    const cookie = await contentStaff();
    const site = await addSite(cookie, 'Removed under the address change');
    expect((await post(cookie, 'AddZipPrefix', { siteId: site.siteId, prefix: '729' })).json().status).toBe('succeed');
    const { tester, cookie: testerCookie } = await createLoggedInTester(db());
    const contact = { address: '3 Late Street', city: 'Lafayette', zipCode: '72901', phone: '3375550123' };
    // The removal's own order, held open: the site's prefixes and row deleted, not yet committed.
    let pending: ReturnType<typeof postJson> | undefined;
    await db().transaction(async (tx) => {
      await tx.delete(zipPrefixSites).where(eq(zipPrefixSites.siteId, site.siteId));
      await tx.delete(testSites).where(eq(testSites.siteId, site.siteId));
      pending = postJson(testApp.app, '/api/account/ChangeContact', contact, { cookie: testerCookie });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await pending!).json()).toEqual({ status: 'succeed' });
    expect((await db().select().from(testers).where(eq(testers.id, tester.id)))[0]).toMatchObject({ zipCode: '72901', siteId: '88888' });
  });

  it('a staff member given a site racing its removal: either the removal is refused naming them and they hold it, or it is gone and the save refused at the site ids', async () => {
    const cookie = await contentStaff();
    const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
    const adminCookie = await staffCookieFor(db(), admin.id);
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const site = await addSite(cookie, `Staffed site ${round}`);
      const { staff: member } = await createStaffMember(db(), { roles: ['site-staff'], siteIds: ['00001'] });
      const save = () =>
        postJson(
          testApp.app,
          '/api/staff/admin/SetRoles',
          { staffId: member.id, roles: ['site-staff'], siteIds: ['00001', site.siteId] },
          { cookie: adminCookie },
        );
      const remove = () => post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision });
      // Each starts first in turn.
      const [saved, removed] = round % 2 === 0 ? await Promise.all([save(), remove()]) : (await Promise.all([remove(), save()])).reverse();
      const held = (await db().select().from(staffMembers).where(eq(staffMembers.id, member.id)))[0]!.siteIds;
      if (removed!.json().status === 'succeed') {
        expect(saved!.json()).toEqual({ status: 'failed', message: STAFF_TEXTS.unknownSites([site.siteId]), field: 'siteIds' });
        expect(held).toEqual(['00001']);
      } else {
        expect(saved!.json()).toEqual({ status: 'succeed', message: 'Roles saved.' });
        expect(removed!.json().message).toContain(`1 staff member working there (${member.name})`);
        expect(held).toEqual(['00001', site.siteId]);
      }
      outcomes.add(removed!.json().status);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('on PostgreSQL, a roles save whose site check waits on a removal that then commits is refused at the site ids', async () => {
    if (testApp.database.kind !== 'postgres') return; // PGlite runs one transaction at a time: the save cannot read beside it.
    const cookie = await contentStaff();
    const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
    const adminCookie = await staffCookieFor(db(), admin.id);
    const site = await addSite(cookie, 'Removed under the roles form');
    const { staff: member } = await createStaffMember(db(), { roles: ['site-staff'], siteIds: ['00001'] });
    let pending: ReturnType<typeof postJson> | undefined;
    await db().transaction(async (tx) => {
      await tx.delete(testSites).where(eq(testSites.siteId, site.siteId));
      pending = postJson(
        testApp.app,
        '/api/staff/admin/SetRoles',
        { staffId: member.id, roles: ['site-staff'], siteIds: [site.siteId] },
        { cookie: adminCookie },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await pending!).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.unknownSites([site.siteId]), field: 'siteIds' });
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, member.id)))[0]!.siteIds).toEqual(['00001']);
  });

  it('a session group created while its site is removed is refused as an unknown site, never a server error', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['content', 'recruiter'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const study = await createStudy(db());
    for (let round = 0; round < 6; round += 1) {
      const site = await addSite(cookie, `Group site ${round}`);
      const [removed, created] = await Promise.all([
        post(cookie, 'RemoveTestSite', { siteId: site.siteId, revision: site.revision }),
        createGroup(cookie, groupFields(study.studyNo, site.siteId)),
      ]);
      expect(created.statusCode, created.body).toBe(200);
      expect(removed.statusCode, removed.body).toBe(200);
      if (removed.json().status === 'succeed') {
        expect(created.json()).toEqual({ status: 'failed', message: SESSION_ADMIN_TEXTS.unknownSite, field: 'siteId' });
        expect(await groupsAt(site.siteId)).toEqual([]);
      } else {
        expect(created.json()).toMatchObject({ status: 'succeed' });
        expect(removed.json().message).toContain('1 session group');
      }
    }
  });

  it('on PostgreSQL, a group whose insert waits on a removal that then commits is refused at the site field (the foreign key), nothing written', async () => {
    if (testApp.database.kind !== 'postgres') return; // PGlite runs one transaction at a time: the insert cannot wait beside it.
    const { staff } = await createStaffMember(db(), { roles: ['content', 'recruiter'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const study = await createStudy(db());
    const site = await addSite(cookie, 'Removed under the form');
    // The site list the form is checked against is this instance's kept copy (an hour here): it still has the site.
    let pending: ReturnType<typeof createGroup> | undefined;
    await db().transaction(async (tx) => {
      await tx.delete(testSites).where(eq(testSites.siteId, site.siteId));
      pending = createGroup(cookie, groupFields(study.studyNo, site.siteId));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const created = await pending!;
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ status: 'failed', message: SESSION_ADMIN_TEXTS.unknownSite, field: 'siteId' });
    expect(await groupsAt(site.siteId)).toEqual([]);
  });
});
