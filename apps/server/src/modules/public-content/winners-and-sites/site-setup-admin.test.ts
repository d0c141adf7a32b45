import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SITE_ZIP_TEXTS } from '@testerhub/shared/site-zip-schemas';
import { postJson, testerByUsername, validRegistration } from '../../../../test/account-helpers.ts';
import { siteSetupCalls } from '../../../../test/site-setup-calls.ts';
import { createBooking, createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { createStaffMember, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { testSites, zipPrefixSites } from '../../../core/db/schema.ts';

/**
 * Test sites made complete for content staff (issue 12 section 6; decision 069): a new site given a
 * ZIP prefix gets the testers registering there (through the real registration call); a prefix is
 * one site's at most, also when two staff race for it; a site's maps page is one of the routed codes
 * and one site's; the public order moves; a site is removed with its prefixes only when nothing
 * names it, else refused with the counts. Every change audited, a save from an older copy refused. A removal racing what names the site:
 * site-removal-races.test.ts.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

const { contentStaff, post, publicSites, staffSites, siteOf, prefixesOf, auditRows, addSite } = siteSetupCalls(testApp);

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
