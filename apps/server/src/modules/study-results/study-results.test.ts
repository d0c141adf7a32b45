import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESULTS_PAGE_SCREENINGS, type StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { getWith } from '../../../test/account-helpers.ts';
import { createBooking, createChild, createScreener, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { screenerQuotas, screenings, studyWaitingList } from '../../core/db/schema.ts';

/**
 * A study's results for recruiters (issue 12 section 2; decision 051): who screened, when, the
 * outcome and the answers in words; the waiting list; the bookings per group; and the CSV export
 * (RFC 4180, formula cells defused, an attachment named with the study and the day).
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const testApp = useTestApp({ clock: createFakeClock(NOW), env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

async function recruiterCookie() {
  const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
  return staffCookieFor(db(), staff.id);
}

/** A study with two questions, three people screened (one a child, one with a formula for a name), one waiting, one booked. */
async function studyWithResults() {
  const study = await createStudy(db(), { studyBasicInfo: 'Cereal crunch test' });
  const screener = await createScreener(db(), {
    studyNo: study.studyNo,
    questions: [
      {
        key: 'brands',
        kind: 'multiple',
        prompt: 'Which brands do you buy?',
        options: [
          { key: 'a', label: 'Crunchy, Inc.' },
          { key: 'b', label: 'Oat "Best"' },
        ],
      },
      { key: 'why', kind: 'text', prompt: 'Why?' },
    ],
  });
  const ada = await createTester(db(), { firstName: 'Ada', lastName: 'Lovelace' });
  const evil = await createTester(db(), { firstName: '=HYPERLINK("x")', lastName: 'Smith' });
  const parent = await createTester(db(), { firstName: 'Pat', lastName: 'Parent' });
  const child = await createChild(db(), { parentId: parent.id, birthDate: '2015-04-01', firstName: 'Kit', lastName: 'Parent' });
  const brands = String(screener.question('brands'));
  const why = String(screener.question('why'));
  await db()
    .insert(screenings)
    .values([
      {
        testerId: ada.id,
        studyNo: study.studyNo,
        status: 'qualified',
        answers: { [brands]: [screener.option('brands', 'a'), screener.option('brands', 'b')], [why]: 'Line one\nline two' },
        startedAt: new Date('2026-01-10T10:00:00Z'),
        completedAt: new Date('2026-01-10T10:05:00Z'),
      },
      {
        testerId: evil.id,
        studyNo: study.studyNo,
        status: 'disqualified',
        answers: { [why]: '-1+2' },
        startedAt: new Date('2026-01-11T10:00:00Z'),
        completedAt: new Date('2026-01-11T10:03:00Z'),
      },
      {
        testerId: parent.id,
        childId: child.id,
        studyNo: study.studyNo,
        status: 'waitlisted',
        answers: {},
        startedAt: new Date('2026-01-12T10:00:00Z'),
      },
    ]);
  const startsAt = new Date('2026-01-20T15:00:00Z');
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    cell: 'C7',
    color: 'Teal',
    seats: 2,
    taken: 1,
    sessions: [{ startsAt, endsAt: new Date('2026-01-20T17:00:00Z') }],
  });
  await createBooking(db(), {
    testerId: ada.id,
    studyNo: study.studyNo,
    groupId: group.id,
    startsAt,
    endsAt: new Date('2026-01-20T17:00:00Z'),
    createdAt: new Date('2026-01-13T09:00:00Z'),
  });
  // Booked without screening here (an outside screener, or before the screener existed).
  const walkIn = await createTester(db(), { firstName: 'Walt', lastName: 'Inn' });
  await createBooking(db(), {
    testerId: walkIn.id,
    studyNo: study.studyNo,
    groupId: group.id,
    startsAt,
    endsAt: new Date('2026-01-20T17:00:00Z'),
    status: 'cancelled',
    createdAt: new Date('2026-01-13T10:00:00Z'),
  });
  await db()
    .insert(studyWaitingList)
    .values({
      studyNo: study.studyNo,
      testerId: parent.id,
      childId: child.id,
      reason: 'notify',
      groupIds: [group.id],
      addedAt: new Date('2026-01-12T11:00:00Z'),
    });
  return { study, group, ada, evil, parent, brands, why };
}

describe('a study’s results', () => {
  it('pages the screenings newest first, RESULTS_PAGE_SCREENINGS a page; a page past the end is empty', async () => {
    const cookie = await recruiterCookie();
    const study = await createStudy(db());
    const total = RESULTS_PAGE_SCREENINGS + 5;
    const testers: Awaited<ReturnType<typeof createTester>>[] = [];
    for (let index = 0; index < total; index += 1) testers.push(await createTester(db()));
    await db()
      .insert(screenings)
      .values(
        Array.from({ length: total }, (_, index) => ({
          testerId: testers[index]!.id,
          studyNo: study.studyNo,
          status: 'qualified' as const,
          startedAt: new Date(NOW.getTime() - (total - index) * 60_000),
          completedAt: null,
        })),
      );
    const page = async (number?: number) => {
      const answer = await getWith(
        testApp.app,
        `/api/staff/study-results/Summary?studyNo=${study.studyNo}${number ? `&page=${number}` : ''}`,
        {
          cookie,
        },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as StudyResultsResponse;
    };
    const first = await page();
    expect(first).toMatchObject({ screeningsPage: 1, screeningsShown: RESULTS_PAGE_SCREENINGS, screeningsTotal: total });
    expect(first.screenings[0]!.startedAt).toBe(new Date(NOW.getTime() - 60_000).toISOString());
    const second = await page(2);
    expect(second).toMatchObject({ screeningsPage: 2, screeningsShown: 5, screeningsTotal: total });
    // The oldest last, and no screening on both pages.
    expect(second.screenings.at(-1)!.startedAt).toBe(new Date(NOW.getTime() - total * 60_000).toISOString());
    const startedAt = [...first.screenings, ...second.screenings].map((row) => row.startedAt);
    expect(new Set(startedAt).size).toBe(total);
    expect((await page(3)).screenings).toEqual([]);
    const bad = await getWith(testApp.app, `/api/staff/study-results/Summary?studyNo=${study.studyNo}&page=0`, { cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('shows who screened, when, the outcome and the answers in words, the waiting list, and the bookings per group', async () => {
    const cookie = await recruiterCookie();
    const { study, group, ada, brands, why } = await studyWithResults();
    const answer = await getWith(testApp.app, `/api/staff/study-results/Summary?studyNo=${study.studyNo}`, { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json() as StudyResultsResponse;
    expect(results.studyName).toBe('Cereal crunch test');
    expect(results.questions.map((question) => question.prompt)).toEqual(['Which brands do you buy?', 'Why?']);
    expect(results.screeningsTotal).toBe(3);
    // Newest first.
    expect(results.screenings.map((row) => [row.testerName, row.childName, row.outcome])).toEqual([
      ['Pat Parent', 'Kit Parent', 'waitlisted'],
      ['=HYPERLINK("x") Smith', null, 'disqualified'],
      ['Ada Lovelace', null, 'qualified'],
    ]);
    expect(results.screenings[2]).toMatchObject({
      username: ada.username,
      startedAt: '2026-01-10T10:00:00.000Z',
      completedAt: '2026-01-10T10:05:00.000Z',
      answers: { [brands]: 'Crunchy, Inc.; Oat "Best"', [why]: 'Line one\nline two' },
    });
    expect(results.waitingList).toEqual([
      {
        testerName: 'Pat Parent',
        username: expect.any(String),
        childName: 'Kit Parent',
        reason: 'notify',
        groups: ['C7'],
        addedAt: '2026-01-12T11:00:00.000Z',
      },
    ]);
    const shown = results.groups.find((each) => each.groupId === group.publicId)!;
    expect(shown).toMatchObject({
      cell: 'C7',
      color: 'Teal',
      seats: 2,
      taken: 1,
      timeZone: 'America/Chicago',
      firstStart: '2026-01-20T15:00:00.000Z',
    });
    expect(shown.bookings.map((booking) => [booking.testerName, booking.status])).toEqual([
      ['Ada Lovelace', 'booked'],
      ['Walt Inn', 'cancelled'],
    ]);
    expect((await getWith(testApp.app, '/api/staff/study-results/Summary?studyNo=999999', { cookie })).statusCode).toBe(404);
  });

  it('exports answers and bookings as an RFC 4180 CSV attachment, formula cells defused', async () => {
    const cookie = await recruiterCookie();
    const { study } = await studyWithResults();
    const answer = await getWith(testApp.app, `/api/staff/study-results/Export?studyNo=${study.studyNo}`, { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="study-${study.studyNo}-results-2026-01-15.csv"`);
    const records = answer.body.split('\r\n');
    expect(records.at(-1)).toBe('');
    expect(records[0]).toBe(
      'Tester,Username,Child,Screener outcome,Screener started (UTC),Screener completed (UTC),Which brands do you buy?,Why?,Booking status,Booked at (UTC),Group cell,Group colour,Site,First session (site time)',
    );
    expect(answer.body).toContain(
      `Ada Lovelace,${/Ada Lovelace,([^,]*),/.exec(answer.body)![1]},,Qualified,2026-01-10T10:00:00.000Z,2026-01-10T10:05:00.000Z,"Crunchy, Inc.; Oat ""Best""","Line one\nline two",Booked,2026-01-13T09:00:00.000Z,C7,Teal,`,
    );
    expect(answer.body).toContain('2026-01-20 09:00 America/Chicago\r\n');
    // A name and an answer that a spreadsheet would run are text.
    expect(answer.body).toContain(`"'=HYPERLINK(""x"") Smith",`);
    expect(answer.body).toContain(`,Not qualified,2026-01-11T10:00:00.000Z,2026-01-11T10:03:00.000Z,,'-1+2,,,,,,\r\n`);
    expect(answer.body).toMatch(/Pat Parent,[^,]*,Kit Parent,Waiting list,2026-01-12T10:00:00.000Z,,,,,,,,,\r\n/);
    expect(answer.body).toMatch(/Walt Inn,[^,]*,,Not screened here,,,,,Cancelled,2026-01-13T10:00:00.000Z,C7,Teal,/);
    // The header, three screenings and the walk-in, each ended by CRLF (the answer's bare LF is inside its quotes).
    expect(records).toHaveLength(6);
    expect((await getWith(testApp.app, '/api/staff/study-results/Export?studyNo=999999', { cookie })).statusCode).toBe(404);
  });

  it('shows each quota’s fill, qualified of target, on the study page, the results and in the CSV (decision 121)', async () => {
    const cookie = await recruiterCookie();
    const study = await createStudy(db(), { studyBasicInfo: 'Quota test', recruitTarget: 8 });
    const screener = await createScreener(db(), {
      studyNo: study.studyNo,
      questions: [
        {
          key: 'cups',
          kind: 'single',
          prompt: 'How much coffee?',
          options: [
            { key: 'light', label: 'A cup' },
            { key: 'heavy', label: 'A pot' },
          ],
        },
      ],
      quotas: [
        { name: 'Light', capacity: 5, filled: 3, conditions: [{ question: 'cups', options: ['light'] }] },
        { name: 'Heavy', capacity: 3, filled: 0, conditions: [{ question: 'cups', options: ['heavy'] }] },
      ],
    });
    const [light] = await db()
      .select()
      .from(screenerQuotas)
      .where(eq(screenerQuotas.studyNo, study.studyNo))
      .orderBy(screenerQuotas.position);
    const cups = String(screener.question('cups'));
    const tester = await createTester(db(), { firstName: 'Quin', lastName: 'Quota' });
    await db()
      .insert(screenings)
      .values({
        testerId: tester.id,
        studyNo: study.studyNo,
        status: 'qualified',
        answers: { [cups]: screener.option('cups', 'light') },
        quotaId: light!.id,
        startedAt: new Date('2026-01-10T10:00:00Z'),
        completedAt: new Date('2026-01-10T10:05:00Z'),
      });
    const fill = [
      { name: 'Light', qualified: 3, target: 5 },
      { name: 'Heavy', qualified: 0, target: 3 },
    ];

    const results = (
      await getWith(testApp.app, `/api/staff/study-results/Summary?studyNo=${study.studyNo}`, { cookie })
    ).json() as StudyResultsResponse;
    expect(results.quotaFill).toEqual(fill);
    const page = await getWith(testApp.app, `/api/staff/studies/Study?studyNo=${study.studyNo}`, { cookie });
    expect(page.json().study.quotaFill).toEqual(fill);

    const csv = (await getWith(testApp.app, `/api/staff/study-results/Export?studyNo=${study.studyNo}`, { cookie })).body;
    const records = csv.split('\r\n');
    expect(records[0]).toBe(
      'Tester,Username,Child,Screener outcome,Screener started (UTC),Screener completed (UTC),How much coffee?,Quota,Quota fill (qualified of target),Booking status,Booked at (UTC),Group cell,Group colour,Site,First session (site time)',
    );
    expect(records[1]).toMatch(/^Quin Quota,[^,]*,,Qualified,2026-01-10T10:00:00.000Z,2026-01-10T10:05:00.000Z,A cup,Light,3 of 5,,,,,,$/);
  });

  it('has the seed’s demo screening and booking to show on the cereal study (24101)', async () => {
    const cookie = await recruiterCookie();
    const results = (
      await getWith(testApp.app, '/api/staff/study-results/Summary?studyNo=24101', { cookie })
    ).json() as StudyResultsResponse;
    const demo = results.screenings.find((row) => row.username === 'demotester1')!;
    expect(demo.outcome).toBe('qualified');
    expect(Object.values(demo.answers)).toEqual(['Every day', 'Flakes; Muesli', '2', 'No']);
    expect(
      results.groups
        .flatMap((group) => group.bookings)
        .some((booking) => booking.username === 'demotester1' && booking.status === 'booked'),
    ).toBe(true);
  });
});
