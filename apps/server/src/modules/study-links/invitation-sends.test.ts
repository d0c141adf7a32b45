import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  INVITATION_TEXTS,
  INVITATION_SORTS,
  invitationFiltersSchema,
  RECIPIENT_SORTS,
  type InvitationDetailResponse,
  type InvitationListResponse,
} from '@testerhub/shared/invitation-schemas';
import { TABLE_QUERY_TEXTS } from '@testerhub/shared/table-query';
import { expectFieldError, getWith, postJson } from '../../../test/account-helpers.ts';
import { createStudy, sessionCookieFor } from '../../../test/factories.ts';
import { INVITATION_RATE, useInvitationApp } from '../../../test/invitation-sends-setup.ts';
import { MINUTE_MS } from '../../core/clock.ts';
import {
  contactSettings,
  emailOutbox,
  invitationRecipients,
  invitationSends,
  staffAuditLog,
  studyInvitations,
} from '../../core/db/schema.ts';

/**
 * Invitations from the staff console (issue 12 section 3; decision 052): a sending queued set-based
 * and idempotent under a double submit, the rate held in the database by two instances on one
 * PostgreSQL, and the per-invitation counts and recipients with sent, clicked and answered. The
 * filters and the count preview: invitation-filters.test.ts. Runs on PGlite and on PostgreSQL (two
 * connections there).
 */

const { clock, db, app: testApp, instances, freshSite, tester, recruiter, settled, send, detail, outboxTo } = useInvitationApp();

describe('sending', () => {
  it('invites and queues every match in one unit of work with its audit row; nobody is invited twice', async () => {
    const { cookie, staff } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const testers = [await tester(site), await tester(site), await tester(site)];
    const sent = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ status: 'succeed', message: INVITATION_TEXTS.sent(3), matched: 3, queued: 3 });

    const recipients = await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, body.invitationId));
    expect(recipients.map((row) => row.testerId).sort()).toEqual(testers.map((row) => row.id).sort());
    expect(recipients.every((row) => row.state === 'queued' && row.sentAt === null)).toBe(true);
    const invitations = await db().select().from(studyInvitations).where(eq(studyInvitations.studyNo, study.studyNo));
    expect(invitations).toHaveLength(3);
    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'invitation-send'), eq(staffAuditLog.targetId, String(body.invitationId))));
    expect(audit).toMatchObject({ staffId: staff.id, action: 'invitation.send', before: null });
    expect(audit!.after).toMatchObject({ studyNo: study.studyNo, matched: 3, queued: 3 });

    // The same filters again (a new form): everyone is invited already, so nothing is sent or audited.
    const again = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() });
    expect(again.json()).toMatchObject({ status: 'failed', message: INVITATION_TEXTS.nobodyMatched });
    expect(await db().select().from(invitationSends).where(eq(invitationSends.studyNo, study.studyNo))).toHaveLength(1);
  });

  it('a send submitted ten times at once with one request id creates one invitation, queues each tester once and audits once', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    for (let index = 0; index < 4; index++) await tester(site);
    const payload = { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(cookie, payload)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.every((body) => body.status === 'succeed' && body.queued === 4 && body.matched === 4)).toBe(true);
    expect(new Set(bodies.map((body) => body.invitationId)).size).toBe(1);
    const sends = await db().select().from(invitationSends).where(eq(invitationSends.studyNo, study.studyNo));
    expect(sends).toHaveLength(1);
    expect(await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, sends[0]!.id))).toHaveLength(4);
    const audits = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'invitation-send'), eq(staffAuditLog.targetId, String(sends[0]!.id))));
    expect(audits).toHaveLength(1);
  });

  it('two sendings of one study racing on two instances invite each tester once', async () => {
    const site = freshSite();
    const study = await createStudy(db());
    for (let index = 0; index < 6; index++) await tester(site);
    const { staff } = await recruiter();
    const principal = { id: staff.id, name: staff.name, email: staff.email, roles: ['recruiter' as const], siteIds: [] };
    const answers = await Promise.all(
      instances().map((instance) =>
        instance.send(principal, { studyNo: study.studyNo, filters: filtersFor(site), requestId: randomUUID() }),
      ),
    );
    expect(answers.reduce((sum, answer) => sum + answer.queued, 0)).toBe(6);
    const invitations = await db().select().from(studyInvitations).where(eq(studyInvitations.studyNo, study.studyNo));
    expect(invitations).toHaveLength(6);
  });
});

/** The filters as the route hands them to the service: the schema's defaults filled in. */
const filtersFor = (site: string) => invitationFiltersSchema.parse({ siteIds: [site] });

describe('the rate', () => {
  it('two instances sending at once never put more than INVITATION_MAILS_PER_MINUTE e-mails in the outbox in any minute', async () => {
    await settled();
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const testers = [];
    for (let index = 0; index < 12; index++) testers.push(await tester(site));
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    expect(sent.queued).toBe(12);

    const start = clock.nowMs();
    const drainedAt = async (offsetMs: number) => {
      clock.set(start + offsetMs);
      const steps = await Promise.all(instances().flatMap((instance) => [instance.drain(), instance.drain()]));
      return steps.reduce((sum, step) => sum + step.sent, 0);
    };
    expect(await drainedAt(0)).toBe(INVITATION_RATE);
    expect(await drainedAt(30_000)).toBe(0);
    expect(await drainedAt(MINUTE_MS - 1)).toBe(0); // the window is (t - 60 s, t]: the first five still count
    expect(await drainedAt(MINUTE_MS)).toBe(INVITATION_RATE);
    expect(await drainedAt(2 * MINUTE_MS - 1)).toBe(0);
    expect(await drainedAt(2 * MINUTE_MS)).toBe(2);
    expect(await drainedAt(10 * MINUTE_MS)).toBe(0);

    const rows = await db()
      .select()
      .from(invitationRecipients)
      .where(eq(invitationRecipients.sendId, sent.invitationId))
      .orderBy(asc(invitationRecipients.sentAt));
    expect(rows.map((row) => row.state)).toEqual(Array.from({ length: 12 }, () => 'sent'));
    const times = rows.map((row) => row.sentAt!.getTime());
    for (const time of times)
      expect(times.filter((other) => other > time - MINUTE_MS && other <= time).length).toBeLessThanOrEqual(INVITATION_RATE);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.toAddress,
          testers.map((each) => each.email),
        ),
      );
    expect(mails).toHaveLength(12);
    expect(mails.every((mail) => mail.kind === 'study-invitation')).toBe(true);
  });

  it('a tester who turned invitation e-mail off after the sending is skipped, and takes no place in the rate', async () => {
    const site = freshSite();
    const study = await createStudy(db());
    const [stays, leaves] = [await tester(site), await tester(site)];
    await settled();
    const { cookie: fresh } = await recruiter();
    const sent = (await send(fresh, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    await db().insert(contactSettings).values({ testerId: leaves.id, contactType: 'Email', isTurnOn: false, updatedAt: clock.now() });
    const [instance] = instances();
    expect(await instance!.drain()).toMatchObject({ sent: 1, skipped: 1, nextAt: null });
    expect(await outboxTo(leaves.email)).toEqual([]);
    expect(await outboxTo(stays.email)).toHaveLength(1);
    const shown = await detail(fresh, sent.invitationId);
    expect(shown.invitation!.counts).toMatchObject({ matched: 2, queued: 2, sent: 1, skipped: 1 });
    expect(shown.recipients.find((row) => row.testerId === leaves.id)).toMatchObject({ state: 'skipped', sentAt: null });
  });
});

describe('the counts and the recipients', () => {
  it('shows each recipient sent, then clicked and answered once the tester opens the e-mailed link', async () => {
    await settled();
    const { cookie, staff } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db(), { studyBasicInfo: 'Invitation counts study' });
    const [opener, idle] = [await tester(site), await tester(site)];
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();

    const queuedView = await detail(cookie, sent.invitationId);
    expect(queuedView.invitation).toMatchObject({
      invitationId: sent.invitationId,
      studyNo: study.studyNo,
      studyName: 'Invitation counts study',
      createdBy: staff.name,
      counts: { matched: 2, queued: 2, sent: 0, skipped: 0, clicked: 0, answered: 0 },
      filters: { siteIds: [site] },
    });
    expect(queuedView.recipients.map((row) => row.state)).toEqual(['queued', 'queued']);

    await instances()[0]!.drain();
    const [mail] = await outboxTo(opener.email);
    const link = new URL(/https?:\/\/\S+\/community\?\S+/.exec(mail!.text)![0]);
    const [s, t, d] = ['s', 't', 'd'].map((key) => link.searchParams.get(key)!);
    const testerCookie = await sessionCookieFor(db(), opener.id);
    const headers = { 'x-requested-with': 'TesterHub' };
    const que = await postJson(
      testApp(),
      '/api/default/GetQueStatusID',
      { studyGuid: s, testerGuid: t, data: d, kidGuid: '' },
      { cookie: testerCookie, headers },
    );
    expect(que.json(), que.body).toMatchObject({ status: 'common' });
    const clickedView = await detail(cookie, sent.invitationId);
    expect(clickedView.invitation!.counts).toMatchObject({ sent: 2, clicked: 1, answered: 0 });
    const info = await postJson(testApp(), '/api/study/GetStudyInfo', { study: s, tester: t, data: d }, { cookie: testerCookie, headers });
    expect(info.json(), info.body).toMatchObject({ status: 'succeed' });

    const shown = await detail(cookie, sent.invitationId);
    expect(shown.invitation!.counts).toMatchObject({ matched: 2, queued: 2, sent: 2, clicked: 1, answered: 1 });
    const openerRow = shown.recipients.find((row) => row.testerId === opener.id)!;
    expect(openerRow).toMatchObject({ username: opener.username, state: 'sent', answered: true });
    expect(openerRow.sentAt).not.toBeNull();
    expect(openerRow.clickedAt).not.toBeNull();
    expect(shown.recipients.find((row) => row.testerId === idle.id)).toMatchObject({ state: 'sent', clickedAt: null, answered: false });

    const list = (await getWith(testApp(), '/api/staff/invitations/List', { cookie })).json() as InvitationListResponse;
    expect(list.mailsPerMinute).toBe(INVITATION_RATE);
    expect(list.invitations.find((row) => row.invitationId === sent.invitationId)!.counts).toEqual(shown.invitation!.counts);
    expect((await detail(cookie, 987_654)).status).toBe('failed');
  });

  it('pages, sorts and filters a big sending’s recipients on the server, with the total, and refuses a sort column not in the list (decision 136)', async () => {
    await settled();
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    // 36 recipients, usernames in mixed case so the order is by letters, not by case; 12 hold "Kiwi".
    const mark = `r${randomUUID().slice(0, 6)}`;
    const names = Array.from(
      { length: 36 },
      (_, index) => `${index % 2 ? mark.toUpperCase() : mark}${index % 3 === 0 ? 'Kiwi' : 'Fig'}${String(index).padStart(2, '0')}`,
    );
    for (const username of names) await tester(site, { username });
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    await instances()[0]!.drain(); // INVITATION_RATE e-mails go out; the rest stay queued.
    const recipients = async (query: string) => {
      const answer = await getWith(testApp(), `/api/staff/invitations/Detail?invitationId=${sent.invitationId}${query}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as InvitationDetailResponse;
    };
    const byLetters = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

    const first = await recipients('');
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 36, hasMore: true });
    expect(first.recipients.map((row) => row.username)).toEqual(byLetters.slice(0, 25));
    const last = await recipients('&page=2');
    expect(last).toMatchObject({ page: 2, total: 36, hasMore: false });
    expect(last.recipients.map((row) => row.username)).toEqual(byLetters.slice(25));

    const backwards = await recipients('&sort=username&dir=desc&pageSize=10&page=2');
    expect(backwards).toMatchObject({ pageSize: 10, total: 36, hasMore: true });
    expect(backwards.recipients.map((row) => row.username)).toEqual([...byLetters].reverse().slice(10, 20));

    const sentFirst = await recipients('&sort=state&dir=desc&pageSize=10');
    expect(sentFirst.recipients.map((row) => row.state)).toEqual([
      ...Array(INVITATION_RATE).fill('sent'),
      ...Array(10 - INVITATION_RATE).fill('queued'),
    ]);

    // The filter keeps usernames holding the text, case aside; its wildcards are taken literally.
    const kiwis = await recipients('&q=kiwi&pageSize=10');
    expect(kiwis).toMatchObject({ total: 12, hasMore: true });
    expect(kiwis.recipients.every((row) => row.username.includes('Kiwi'))).toBe(true);
    expect(await recipients('&q=%25')).toMatchObject({ total: 0, recipients: [], hasMore: false });

    const base = `/api/staff/invitations/Detail?invitationId=${sent.invitationId}`;
    expectFieldError(await getWith(testApp(), `${base}&sort=password_hash`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(RECIPIENT_SORTS));
    expectFieldError(await getWith(testApp(), `${base}&dir=sideways`, { cookie }), 'dir', TABLE_QUERY_TEXTS.dir);
    expectFieldError(await getWith(testApp(), `${base}&pageSize=1000`, { cookie }), 'pageSize', TABLE_QUERY_TEXTS.pageSize);
  });

  it('pages, sorts and filters the sendings on the server, with the total, and refuses a sort column not in the list (decision 145)', async () => {
    await settled();
    const { cookie } = await recruiter();
    // Three sites of one, two and three testers; eleven sendings of eleven studies named with this test's mark, to them in turn.
    const sites = [freshSite(), freshSite(), freshSite()];
    for (const [index, site] of sites.entries()) for (let made = 0; made <= index; made++) await tester(site);
    const mark = `Sendings ${randomUUID().slice(0, 8)}`;
    const letters = ['k', 'c', 'h', 'a', 'f', 'j', 'b', 'g', 'e', 'i', 'd'];
    const sendings: { invitationId: number; studyNo: number; name: string }[] = [];
    for (const [index, letter] of letters.entries()) {
      const name = `${mark} ${index % 2 ? letter.toUpperCase() : letter}`;
      const study = await createStudy(db(), { studyBasicInfo: name });
      const answer = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [sites[index % 3]!] }, requestId: randomUUID() });
      expect(answer.json().status, answer.body).toBe('succeed');
      sendings.push({ invitationId: answer.json().invitationId, studyNo: study.studyNo, name });
      clock.advance(MINUTE_MS);
    }
    await instances()[0]!.drain(); // INVITATION_RATE e-mails go out; the rest stay queued.
    const list = async (query: string) => {
      const answer = await getWith(testApp(), `/api/staff/invitations/List?q=${encodeURIComponent(mark)}${query}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as InvitationListResponse;
    };
    const newestFirst = sendings.map((sending) => sending.invitationId).reverse();

    const first = await list('&pageSize=10');
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 11, hasMore: true, mailsPerMinute: INVITATION_RATE });
    expect(first.invitations.map((row) => row.invitationId)).toEqual(newestFirst.slice(0, 10));
    const second = await list('&pageSize=10&page=2');
    expect(second).toMatchObject({ page: 2, total: 11, hasMore: false });
    expect(second.invitations.map((row) => row.invitationId)).toEqual(newestFirst.slice(10));
    expect((await list('&sort=createdAt&dir=asc')).invitations.map((row) => row.invitationId)).toEqual([...newestFirst].reverse());

    // By the study's name, case aside.
    const byName = [...sendings].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect((await list('&sort=study')).invitations.map((row) => row.studyName)).toEqual(byName.map((sending) => sending.name).reverse());
    expect((await list('&sort=study&dir=asc')).invitations.map((row) => row.studyName)).toEqual(byName.map((sending) => sending.name));

    // Each count sorts by its own number, as the row shows it.
    for (const key of ['matched', 'queued', 'sent', 'skipped', 'clicked'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const counts = (await list(`&sort=${key}&dir=${dir}`)).invitations.map((row) => row.counts[key]);
        const sorted = [...counts].sort((a, b) => (dir === 'asc' ? a - b : b - a));
        expect(counts, `${key} ${dir}`).toEqual(sorted);
      }
    }
    expect((await list('&sort=matched&dir=desc')).invitations.map((row) => row.counts.matched)).toEqual([3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]);
    expect((await list('&sort=sent&dir=desc')).invitations.map((row) => row.counts.sent).reduce((sum, sent) => sum + sent)).toBe(
      INVITATION_RATE,
    );

    // The filter keeps the sendings whose study's name or number holds the text; its wildcards are taken literally.
    const one = sendings[4]!;
    const byNumber = await getWith(testApp(), `/api/staff/invitations/List?q=${one.studyNo}`, { cookie });
    expect((byNumber.json() as InvitationListResponse).invitations.map((row) => row.invitationId)).toContain(one.invitationId);
    expect((await getWith(testApp(), '/api/staff/invitations/List?q=%25', { cookie })).json()).toMatchObject({
      total: 0,
      invitations: [],
      hasMore: false,
    });

    const base = '/api/staff/invitations/List';
    expectFieldError(await getWith(testApp(), `${base}?sort=answered`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(INVITATION_SORTS));
    expectFieldError(await getWith(testApp(), `${base}?sort=created_by`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(INVITATION_SORTS));
    expectFieldError(await getWith(testApp(), `${base}?dir=sideways`, { cookie }), 'dir', TABLE_QUERY_TEXTS.dir);
    expectFieldError(await getWith(testApp(), `${base}?pageSize=7`, { cookie }), 'pageSize', TABLE_QUERY_TEXTS.pageSize);
  });

  it('offers the open studies, the test sites, the About-me answers, and the studies opened so far with their kinds to leave out', async () => {
    const { cookie } = await recruiter();
    const open = await createStudy(db(), { studyBasicInfo: 'Open for invitations' });
    const notYet = await createStudy(db(), { opensAt: new Date(clock.nowMs() + 24 * 3600_000) });
    const closed = await createStudy(db(), { closesAt: new Date(clock.nowMs() - 1000) });
    const optionsAnswer = await getWith(testApp(), '/api/staff/invitations/Options', { cookie });
    expect(optionsAnswer.statusCode, optionsAnswer.body).toBe(200);
    const options = optionsAnswer.json();
    expect(options.studies).toContainEqual({ studyNo: open.studyNo, name: 'Open for invitations' });
    expect(options.studies.map((study: { studyNo: number }) => study.studyNo)).not.toContain(closed.studyNo);
    expect(options.sites.map((site: { siteId: string }) => site.siteId)).toContain('00001');
    expect(options.answers.length).toBeGreaterThan(0);
    const earlier = options.earlierStudies.map((study: { studyNo: number }) => study.studyNo);
    expect(earlier).toEqual(expect.arrayContaining([open.studyNo, closed.studyNo]));
    expect(earlier).not.toContain(notYet.studyNo);
    expect(options.projectTypes).toContainEqual({ projectType: 1, name: 'Taste test (1)' });
  });
});
