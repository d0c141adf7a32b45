import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Faq, TestSite, Winner } from '@testerhub/shared/public-content';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { eventually, useTwoApps } from '../../../test/two-apps.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';

/**
 * Decisions 057 and 061 across server instances: each instance keeps the public FAQs, winners and
 * test sites in memory for an hour here, and a change through one instance shows on the other's
 * public call at once (the notice sent at commit). On PostgreSQL (TEST_DATABASE_URL) each instance has its own connection pool
 * and listening connection; on PGlite, which serves one process, both share the handle.
 */

const { db, apps } = useTwoApps({
  env: {
    STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
    PUBLIC_CONTENT_CACHE_SECONDS: '3600',
  },
});

const publicQuestions = async (app: FastifyInstance) =>
  ((await getWith(app, '/api/reward/GetFaqs')).json() as Faq[]).map((faq) => faq.question);

const publicWinners = async (app: FastifyInstance) =>
  ((await getWith(app, '/api/reward/GetWinners')).json() as Winner[]).map((winner) => winner.winner);
const siteName = async (app: FastifyInstance, siteId: string) =>
  ((await getWith(app, '/api/content/GetTestSites')).json() as TestSite[]).find((site) => site.siteId === siteId)?.name;

describe('two server instances on one database', () => {
  it('a FAQ added, then hidden, through one instance shows and goes on the other at once, though each cached the list for an hour', async () => {
    const [one, two] = apps();
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const question = 'Seen on both instances?';
    expect(await publicQuestions(two)).not.toContain(question); // the second instance keeps this list now

    const added = await postJson(one, '/api/staff/content/AddFaq', { type: 1, question, answer: '<p>Yes.</p>' }, { cookie });
    expect(added.json()).toMatchObject({ status: 'succeed' });
    expect(await publicQuestions(one)).toContain(question);
    expect(await eventually(async () => (await publicQuestions(two)).includes(question))).toBe(true);

    const { id, revision } = added.json().faq as { id: number; revision: number };
    const hidden = await postJson(
      one,
      '/api/staff/content/EditFaq',
      { id, revision, type: 1, question, answer: '<p>Yes.</p>', hidden: true },
      { cookie },
    );
    expect(hidden.json()).toMatchObject({ status: 'succeed' });
    expect(await eventually(async () => !(await publicQuestions(two)).includes(question))).toBe(true);
  });

  it('a winner added, then hidden, and a site renamed through one instance show on the other at once, though each cached them for an hour', async () => {
    const [one, two] = apps();
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const name = `Both instances ${process.pid}`;
    expect(await publicWinners(two)).not.toContain(name); // the second instance keeps this list now
    const fields = { winnerTypeDesc: 'Online25', periodStart: '2022-03-01', winnerTime: 'March', winner: name };
    const added = await postJson(one, '/api/staff/content/AddWinner', fields, { cookie });
    expect(added.json()).toMatchObject({ status: 'succeed' });
    expect(await publicWinners(one)).toContain(name);
    expect(await eventually(async () => (await publicWinners(two)).includes(name))).toBe(true);

    const { id, revision } = added.json().winner as { id: number; revision: number };
    const hidden = await postJson(one, '/api/staff/content/EditWinner', { ...fields, id, revision, hidden: true }, { cookie });
    expect(hidden.json()).toMatchObject({ status: 'succeed' });
    expect(await eventually(async () => !(await publicWinners(two)).includes(name))).toBe(true);

    const sites = (await getWith(one, '/api/staff/content/TestSites', { cookie })).json() as { sites: Record<string, unknown>[] };
    const site = sites.sites.find((entry) => entry.siteId === '00003')!;
    const oldName = await siteName(two, '00003'); // cached on the second instance
    const { mapCode: _mapCode, timeZone: _timeZone, ...editable } = site;
    const renamed = await postJson(one, '/api/staff/content/EditTestSite', { ...editable, name: `Renamed ${process.pid}` }, { cookie });
    expect(renamed.json()).toMatchObject({ status: 'succeed' });
    expect(oldName).not.toBe(`Renamed ${process.pid}`);
    expect(await eventually(async () => (await siteName(two, '00003')) === `Renamed ${process.pid}`)).toBe(true);
  });

  it("a legal text published, then returned to built-in, through one instance is the other's answer at once, though it cached it (decision 070)", async () => {
    const [one, two] = apps();
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const legalText = async (app: FastifyInstance) => (await getWith(app, '/api/content/LegalText?page=community-terms')).json();
    const base = (await getWith(one, '/api/staff/content/LegalTextVersions?page=community-terms', { cookie })).json()
      .latestVersion as number;
    expect(await legalText(two)).toEqual({ version: null }); // the second instance keeps it now
    const bodyHtml = `<p>Both instances ${process.pid}</p>`;
    const published = await postJson(
      one,
      '/api/staff/content/PublishLegalText',
      { page: 'community-terms', basedOnVersion: base, bodyHtml },
      { cookie },
    );
    expect(published.json()).toMatchObject({ status: 'succeed', version: base + 1 });
    expect(await eventually(async () => (await legalText(two)).version === base + 1)).toBe(true);
    const restored = await postJson(
      one,
      '/api/staff/content/RestoreBuiltInLegalText',
      { page: 'community-terms', basedOnVersion: base + 1 },
      { cookie },
    );
    expect(restored.json()).toMatchObject({ status: 'succeed' });
    expect(await eventually(async () => (await legalText(two)).version === null)).toBe(true);
  });
});
