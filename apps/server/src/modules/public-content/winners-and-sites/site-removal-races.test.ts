import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postJson, testerByUsername, validRegistration } from '../../../../test/account-helpers.ts';
import { siteSetupCalls } from '../../../../test/site-setup-calls.ts';
import { createLoggedInTester, createStudy } from '../../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { SESSION_ADMIN_TEXTS } from '@testerhub/shared/session-admin-schemas';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { useTestApp } from '../../../../test/test-app.ts';
import { sessionGroups, staffMembers, testers, testSites, zipPrefixSites } from '../../../core/db/schema.ts';

/**
 * A test site's removal racing what names the site (issue 12 section 6; decisions 069 and 071):
 * registrations, address changes into its ZIP prefix, a staff member given the site, a session group
 * created there. Either the removal is refused naming them, or the site is gone and they are refused
 * or left without it; never a server error, never a row naming a removed site.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

const { contentStaff, post, prefixesOf, addSite } = siteSetupCalls(testApp);

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
