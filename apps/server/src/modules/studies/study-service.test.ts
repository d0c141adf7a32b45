import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { createStudy, createTester } from '../../../test/factories.ts';
import { createFakeClock } from '../../core/clock.ts';
import { screenings, studyDossierTargets } from '../../core/db/schema.ts';
import { SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import { allowedScreenerUrl, createStudyService, type StudyService } from './study-service.ts';

/**
 * Who sees which study (issue 9, section 1; decision 017): the open window on the clock, the age
 * range, the site or online-only, not screened yet, About-me targeting (a stub answers the held
 * answers), blackList. Service-level, against a real database copy.
 */
let studies: StudyService;
const clock = createFakeClock('2026-01-15T12:00:00Z');
/** The About-me answers each tester holds, as the dossier module would answer. */
const held = new Map<string, number[]>();

const testApp = useTestApp({ clock });
beforeAll(async () => {
  studies = createStudyService(testApp.database.db, {
    clock,
    aboutMe: { heldAnswerIds: async (testerId) => held.get(testerId) ?? [] },
  });
});

beforeEach(() => clock.set('2026-01-15T12:00:00Z'));

const db = () => testApp.database.db;
const listed = async (tester: Awaited<ReturnType<typeof createTester>>) =>
  (await studies.screenersFor(tester)).map((study) => study.screenerStudyNo);

describe('the open window', () => {
  it('shows a study from opens_at (inclusive) until closes_at (exclusive)', async () => {
    const tester = await createTester(db());
    const study = await createStudy(db(), { opensAt: new Date('2026-02-01T00:00:00Z'), closesAt: new Date('2026-03-01T00:00:00Z') });
    clock.set('2026-01-31T23:59:59.999Z');
    expect(await listed(tester)).not.toContain(study.studyNo);
    clock.set('2026-02-01T00:00:00Z');
    expect(await listed(tester)).toContain(study.studyNo);
    clock.set('2026-02-28T23:59:59.999Z');
    expect(await listed(tester)).toContain(study.studyNo);
    clock.set('2026-03-01T00:00:00Z');
    expect(await listed(tester)).not.toContain(study.studyNo);
  });

  it('keeps a study with no close date open', async () => {
    const tester = await createTester(db());
    const study = await createStudy(db(), { closesAt: null });
    clock.set('2030-06-01T00:00:00Z');
    expect(await listed(tester)).toContain(study.studyNo);
  });
});

describe('age', () => {
  // The clock's day is 2026-01-15: born 2008-01-15 is 18 today, born 2008-01-16 is 17.
  it('shows a study from the minimum age on the birthday, not the day before', async () => {
    const study = await createStudy(db(), { minimumAge: 18 });
    expect(await listed(await createTester(db(), { birthDate: '2008-01-15' }))).toContain(study.studyNo);
    expect(await listed(await createTester(db(), { birthDate: '2008-01-16' }))).not.toContain(study.studyNo);
  });

  it('shows a study up to the maximum age inclusive, not after the next birthday', async () => {
    const study = await createStudy(db(), { minimumAge: 18, maximumAge: 34 });
    expect(await listed(await createTester(db(), { birthDate: '1991-01-16' }))).toContain(study.studyNo); // 34
    expect(await listed(await createTester(db(), { birthDate: '1991-01-15' }))).not.toContain(study.studyNo); // 35 today
  });
});

describe('site', () => {
  it("shows the tester's site and online-only studies, not another site's", async () => {
    const chicago = await createStudy(db(), { siteId: '00001' });
    const dallas = await createStudy(db(), { siteId: '00002' });
    const online = await createStudy(db(), { siteId: null });
    const list = await listed(await createTester(db(), { siteId: '00001' }));
    expect(list).toEqual(expect.arrayContaining([chicago.studyNo, online.studyNo]));
    expect(list).not.toContain(dallas.studyNo);
  });

  it('shows a tester far from every site (no site, 88888) only online-only studies', async () => {
    const chicago = await createStudy(db(), { siteId: '00001' });
    const online = await createStudy(db(), { siteId: null });
    for (const siteId of [null, '88888']) {
      const list = await listed(await createTester(db(), { siteId }));
      expect(list).toContain(online.studyNo);
      expect(list).not.toContain(chicago.studyNo);
    }
  });
});

describe('screened already', () => {
  it('hides a study the tester completed a screening for, and keeps one in progress listed', async () => {
    const tester = await createTester(db());
    const done = await createStudy(db());
    const started = await createStudy(db());
    const now = clock.now();
    await db()
      .insert(screenings)
      .values([
        { testerId: tester.id, studyNo: done.studyNo, status: 'disqualified', startedAt: now, completedAt: now },
        { testerId: tester.id, studyNo: started.studyNo, status: 'inProgress', startedAt: now },
      ]);
    const list = await listed(tester);
    expect(list).not.toContain(done.studyNo);
    expect(list).toContain(started.studyNo);
    expect(await listed(await createTester(db()))).toContain(done.studyNo);
  });
});

describe('About-me targeting', () => {
  it('shows a targeted study only to testers holding every targeted answer', async () => {
    const study = await createStudy(db());
    await db()
      .insert(studyDossierTargets)
      .values([
        { studyNo: study.studyNo, answerId: 501 },
        { studyNo: study.studyNo, answerId: 502 },
      ]);
    const both = await createTester(db());
    const one = await createTester(db());
    const none = await createTester(db());
    held.set(both.id, [7, 501, 502]);
    held.set(one.id, [501]);
    expect(await listed(both)).toContain(study.studyNo);
    expect(await listed(one)).not.toContain(study.studyNo);
    expect(await listed(none)).not.toContain(study.studyNo);
  });
});

describe('blackList', () => {
  it('shows a blackListed tester no study and refuses the click', async () => {
    const study = await createStudy(db());
    const tester = await createTester(db(), { blackList: true });
    expect(await studies.screenersFor(tester)).toEqual([]);
    expect(await studies.doScreeners(tester, study.studyNo)).toEqual({ status: 'failed', message: SCREENER_TEXTS.notAvailable });
  });
});

describe('the list', () => {
  it('is ordered by study number and has the screener fields', async () => {
    await createStudy(db());
    await createStudy(db());
    const list = await studies.screenersFor(await createTester(db()));
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.map((study) => study.screenerStudyNo)).toEqual([...list.map((study) => study.screenerStudyNo)].sort((a, b) => a - b));
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'coinValue',
        'colorName',
        'isWaitingList',
        'minimumAge',
        'participantTypeID',
        'projectType',
        'screenerStudyNo',
        'studyBasicInfo',
        'testerLabel',
      ].sort(),
    );
  });
});

describe('outside screener addresses', () => {
  const hosts = ['surveys.testerhub.example'];
  it('accepts https on an allowed host only', () => {
    expect(allowedScreenerUrl('https://surveys.testerhub.example/s/1?x=1', hosts)?.toString()).toBe(
      'https://surveys.testerhub.example/s/1?x=1',
    );
    expect(allowedScreenerUrl('https://SURVEYS.testerhub.example/s/1', hosts)).not.toBeNull();
    expect(allowedScreenerUrl('http://surveys.testerhub.example/s/1', hosts)).toBeNull();
    expect(allowedScreenerUrl('https://evil.example/s/1', hosts)).toBeNull();
    expect(allowedScreenerUrl('https://surveys.testerhub.example.evil.example/', hosts)).toBeNull();
    expect(allowedScreenerUrl('https://user:pass@surveys.testerhub.example/', hosts)).toBeNull();
    expect(allowedScreenerUrl('javascript:alert(1)', hosts)).toBeNull();
    expect(allowedScreenerUrl('not a url', hosts)).toBeNull();
    expect(allowedScreenerUrl(null, hosts)).toBeNull();
  });
});
