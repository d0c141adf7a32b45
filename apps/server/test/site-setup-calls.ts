import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestSite } from '@testerhub/shared/public-content';
import type { StaffTestSite, StaffTestSitesResponse } from '@testerhub/shared/site-content-schemas';
import type { SiteZipPrefixesResponse } from '@testerhub/shared/site-zip-schemas';
import { staffAuditLog } from '../src/core/db/schema.ts';
import { getWith, postJson } from './account-helpers.ts';
import { createStaffMember, staffCookieFor } from './staff-helpers.ts';
import type { TestApp } from './test-app.ts';

/** An AddTestSite body but its name: a site in Austin on Chicago's clock. */
export const AUSTIN_SITE_FIELDS = {
  city: 'Austin',
  address: '500 Congress Ave, Austin, TX 78701',
  phone: '(512) 555-0100',
  fax: '',
  tollFree: '',
  airportDirections: [],
  timeZone: 'America/Chicago',
};

/** The calls the test-site set-up tests make (site-setup-admin.test.ts, site-removal-races.test.ts). */
export function siteSetupCalls(testApp: TestApp) {
  const db = () => testApp.database.db;

  /** A content staff member's Cookie header value, signed in. */
  const contentStaff = async () => {
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    return staffCookieFor(db(), staff.id);
  };
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
  const addSite = async (cookie: string, name = 'Austin Test Center'): Promise<StaffTestSite> => {
    const answer = await post(cookie, 'AddTestSite', { ...AUSTIN_SITE_FIELDS, name });
    expect(answer.json(), answer.body).toMatchObject({ status: 'succeed' });
    return answer.json().site as StaffTestSite;
  };
  return { contentStaff, post, publicSites, staffSites, siteOf, prefixesOf, auditRows, addSite };
}
