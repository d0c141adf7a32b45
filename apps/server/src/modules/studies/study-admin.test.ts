import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NEW_STUDY_DEFAULTS,
  screenerQuestion,
  STUDY_ADMIN_TEXTS,
  type ScreenerQuestionInput,
  type CreateStudyPayload,
  type StudyDetail,
  type StudyListResponse,
} from '@testerhub/shared/study-admin-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { screenerQuestions, studies, studyReturnSecrets, testSites } from '../../core/db/schema.ts';
import { externalReturnSignature } from './external-return-signature.ts';
import { DEMO_SCREENER_HOST } from './studies-seed.ts';
import { SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import { STUDY_NOT_FOUND } from '@testerhub/shared/study-query';

/**
 * Studies in the staff console (issue 12 section 2; decision 050): create and save with the shared
 * schema's integrity checks, the optimistic version under concurrent saves, a screener answered by
 * testers (wording only), open and close as the testers' list sees them, and a preview that decides
 * as the tester's completion does.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);

let nextStudyNo = 77_000;
const question = (overrides: Partial<ScreenerQuestionInput> & { key: string }) => screenerQuestion(overrides.key, overrides);

/** A hosted, online-only, open study: "Do you drink coffee?" No disqualifies; "How many cups?" shows for Yes, quota on 1 to 3 cups and 4 to 10. */
function studyForm(overrides: Partial<CreateStudyPayload> = {}): CreateStudyPayload {
  return {
    ...NEW_STUDY_DEFAULTS,
    targetAnswerIds: [],
    studyNo: ++nextStudyNo,
    colorName: 'Blue',
    studyBasicInfo: `Coffee tasting ${nextStudyNo}`,
    coinValue: 40,
    opensAt: '2020-01-01T00:00:00.000Z',
    recruitTarget: 10,
    screener: {
      questions: [
        question({
          key: 'coffee',
          prompt: 'Do you drink coffee?',
          options: [
            { key: 'yes', label: 'Yes', disqualifies: false },
            { key: 'no', label: 'No', disqualifies: true },
          ],
        }),
        question({
          key: 'cups',
          kind: 'number',
          prompt: 'How many cups a day?',
          minValue: 0,
          maxValue: 30,
          qualifyMax: 10,
          showIf: { question: 'coffee', options: ['yes'] },
        }),
      ],
      quotas: [
        { name: 'Light', capacity: 4, conditions: [{ question: 'cups', options: null, minValue: 1, maxValue: 3 }] },
        { name: 'Heavy', capacity: 6, conditions: [{ question: 'cups', options: null, minValue: 4, maxValue: 10 }] },
      ],
    },
    ...overrides,
  };
}

const post = (cookie: string, path: string, body: unknown) => postJson(testApp.app, `/api/staff/studies/${path}`, body, { cookie });
const detail = async (cookie: string, studyNo: number) => {
  const answer = await getWith(testApp.app, `/api/staff/studies/Study?studyNo=${studyNo}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().study as StudyDetail;
};
/** The detail as a form to save again (what the page sends). */
const asForm = ({ version, state: _s, qualifiedCount: _q, answeredCount: _a, ...fields }: StudyDetail) => ({ ...fields, version });
const auditRows = (studyNo: number, action: string) => auditRowsWhere(db(), { targetType: 'study', targetId: String(studyNo), action });
const screenersOf = async (cookie: string) =>
  ((await getWith(testApp.app, '/api/schedule/GetScreeners', { cookie })).json() as { screenerStudyNo: number }[]).map(
    (study) => study.screenerStudyNo,
  );

/** A test site added by content staff (the kept site list is dropped, so the next read names it). */
async function addSite(cookie: string, name: string): Promise<{ siteId: string; revision: number }> {
  const fields = { name, city: 'Austin', address: '1 Main St, Austin, TX 78701', phone: '(512) 555-0100', fax: '', tollFree: '' };
  const added = await postJson(
    testApp.app,
    '/api/staff/content/AddTestSite',
    { ...fields, airportDirections: [], timeZone: 'America/Chicago' },
    { cookie },
  );
  expect(added.json(), added.body).toMatchObject({ status: 'succeed' });
  return added.json().site;
}

async function created(cookie: string, overrides: Partial<CreateStudyPayload> = {}) {
  const form = studyForm(overrides);
  const answer = await post(cookie, 'CreateStudy', form);
  expect(answer.json(), answer.body).toMatchObject({ status: 'succeed', studyNo: form.studyNo, version: 1 });
  return form;
}

describe('creating a study', () => {
  it('writes every field, the screener and an audit row; a tester sees it and screens with the outcome the preview gave', async () => {
    const { staff, cookie } = await recruiter();
    const form = await created(cookie);
    const study = await detail(cookie, form.studyNo);
    expect(study).toMatchObject({
      ...form,
      version: 1,
      state: 'open',
      answeredCount: 0,
      screener: { quotas: [{ name: 'Light' }, { name: 'Heavy' }] },
    });
    expect(study.screener.questions.map((q) => q.prompt)).toEqual(['Do you drink coffee?', 'How many cups a day?']);
    const [audit] = await auditRows(form.studyNo, 'study.create');
    expect(audit).toMatchObject({ staffId: staff.id, before: null });

    const preview = async (answers: Record<string, unknown>) =>
      (await post(cookie, 'PreviewScreener', { screener: study.screener, answers, complete: true })).json();
    const [coffee, cups] = study.screener.questions;
    const [yes, no] = coffee!.options;
    expect(await preview({ [coffee!.key]: yes!.key, [cups!.key]: 2 })).toMatchObject({ outcome: 'qualified', quota: 'Light' });
    expect(await preview({ [coffee!.key]: no!.key })).toMatchObject({
      outcome: 'disqualified',
      message: SCREENER_TEXTS.disqualified,
      visible: [coffee!.key],
    });
    expect(await preview({ [coffee!.key]: yes!.key })).toMatchObject({ outcome: 'invalid', field: cups!.key });
    expect(await preview({ [coffee!.key]: yes!.key, [cups!.key]: 12 })).toMatchObject({ outcome: 'disqualified' });

    // Testers: the same answers, through the screening module's completion, meet the same outcomes.
    const rows = await db().select().from(screenerQuestions).where(eq(screenerQuestions.studyNo, form.studyNo));
    const idOf = (key: string) => Number(key.slice(1));
    expect(rows.map((row) => row.id).sort()).toEqual([idOf(coffee!.key), idOf(cups!.key)].sort());
    const passing = await createLoggedInTester(db());
    expect(await screenersOf(passing.cookie)).toContain(form.studyNo);
    const passed = await postJson(
      testApp.app,
      `/api/screener/${form.studyNo}/complete`,
      { answers: { [idOf(coffee!.key)]: idOf(yes!.key), [idOf(cups!.key)]: 2 } },
      { cookie: passing.cookie },
    );
    expect(passed.json()).toMatchObject({ outcome: 'qualified' });
    const failing = await createLoggedInTester(db());
    const failed = await postJson(
      testApp.app,
      `/api/screener/${form.studyNo}/complete`,
      { answers: { [idOf(coffee!.key)]: idOf(no!.key) } },
      { cookie: failing.cookie },
    );
    expect(failed.json()).toMatchObject({ outcome: 'disqualified', message: SCREENER_TEXTS.disqualified });
  });

  it('refuses what the form refuses (400 naming the field) and what only the server knows (failed with its field)', async () => {
    const { cookie } = await recruiter();
    const base = studyForm();
    const badRule = studyForm({
      screener: {
        ...base.screener,
        questions: [base.screener.questions[0]!, { ...base.screener.questions[1]!, showIf: { question: 'tea', options: ['yes'] } }],
      },
    });
    const answer = await post(cookie, 'CreateStudy', badRule);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(STUDY_ADMIN_TEXTS.showIfEarlier);
    const notAddingUp = await post(cookie, 'CreateStudy', studyForm({ recruitTarget: 12 }));
    expect(notAddingUp.statusCode).toBe(400);
    expect(notAddingUp.body).toContain(STUDY_ADMIN_TEXTS.quotasAddUp(10, 12));
    const badOption = studyForm({
      screener: {
        ...base.screener,
        quotas: [{ name: 'All', capacity: 10, conditions: [{ question: 'coffee', options: ['maybe'], minValue: null, maxValue: null }] }],
      },
    });
    expect((await post(cookie, 'CreateStudy', badOption)).body).toContain(STUDY_ADMIN_TEXTS.unknownOption);

    const external = studyForm({
      screenerKind: 'external',
      externalUrl: 'https://unknown.example.test/s',
      screener: { questions: [], quotas: [] },
    });
    expect((await post(cookie, 'CreateStudy', external)).json()).toEqual({
      status: 'failed',
      message: STUDY_ADMIN_TEXTS.hostNotAllowed,
      field: 'externalUrl',
    });
    expect((await post(cookie, 'CreateStudy', studyForm({ siteId: '99999' }))).json()).toMatchObject({ field: 'siteId' });
    const taken = await created(cookie);
    expect((await post(cookie, 'CreateStudy', { ...studyForm(), studyNo: taken.studyNo })).json()).toEqual({
      status: 'failed',
      message: STUDY_ADMIN_TEXTS.studyNoTaken,
      field: 'studyNo',
    });
    expect(await db().select().from(studies).where(eq(studies.studyNo, external.studyNo))).toEqual([]);
  });

  it('answers a study number that is no number with the sessions pages’ message (one study-number rule for every study call)', async () => {
    const { cookie } = await recruiter();
    for (const studyNo of ['abc', '0', '2147483648']) {
      const answer = await getWith(testApp.app, `/api/staff/studies/Study?studyNo=${studyNo}`, { cookie });
      expect(answer.statusCode, studyNo).toBe(400);
      expect(answer.body, studyNo).toContain(STUDY_NOT_FOUND);
    }
  });
});

describe('the outside screener’s return secret (decision 077)', () => {
  const FIRST = 'first-partner-secret-0123456789-abcdefghijkl';
  const SECOND = 'second-partner-secret-0123456789-mnopqrstuvwx';
  const external = (overrides: Partial<CreateStudyPayload> = {}) =>
    studyForm({
      screenerKind: 'external',
      externalUrl: `https://${DEMO_SCREENER_HOST}/s/secret`,
      recruitTarget: null,
      screener: { questions: [], quotas: [] },
      ...overrides,
    });
  const storedSecret = async (studyNo: number) =>
    (await db().select().from(studyReturnSecrets).where(eq(studyReturnSecrets.studyNo, studyNo)))[0]?.secret ?? null;
  /** A tester clicks the study, and the partner sends them back signed with `secret`: what the return pays. */
  async function signedReturnPays(studyNo: number, secret: string) {
    const tester = await createLoggedInTester(db());
    const click = await postJson(
      testApp.app,
      '/api/schedule/DoScreeners',
      { StudyNo: studyNo, ScreenerType: 'Online' },
      { cookie: tester.cookie },
    );
    const ex = new URL(click.json().redirectLink as string).searchParams.get('tk')!;
    const sig = externalReturnSignature(secret, ex);
    const back = await postJson(testApp.app, '/api/schedule/GiveCoinsExternalScreener', { ex, sig }, { cookie: tester.cookie });
    return back.json().coins as number;
  }

  it('is set with the study, shown back only by its last 4 characters, kept by a save without one, replaced, and kept out of the audit', async () => {
    const { cookie } = await recruiter();
    const form = external({ coinValue: 30 });
    expect((await post(cookie, 'CreateStudy', { ...form, externalReturnSecret: FIRST })).json()).toMatchObject({ status: 'succeed' });
    const study = await detail(cookie, form.studyNo);
    expect(study.externalReturnSecretEnding).toBe(FIRST.slice(-4));
    expect(JSON.stringify(study)).not.toContain(FIRST);
    expect(await storedSecret(form.studyNo)).toBe(FIRST);
    expect(await signedReturnPays(form.studyNo, FIRST)).toBe(30);

    // A save that leaves the field empty keeps it; one that types a new secret replaces it.
    expect((await post(cookie, 'SaveStudy', { ...asForm(study), externalReturnSecret: null })).json().status).toBe('succeed');
    expect(await storedSecret(form.studyNo)).toBe(FIRST);
    const saved = await detail(cookie, form.studyNo);
    expect((await post(cookie, 'SaveStudy', { ...asForm(saved), externalReturnSecret: SECOND })).json().status).toBe('succeed');
    expect((await detail(cookie, form.studyNo)).externalReturnSecretEnding).toBe(SECOND.slice(-4));
    expect(await signedReturnPays(form.studyNo, FIRST)).toBe(0);
    expect(await signedReturnPays(form.studyNo, SECOND)).toBe(30);

    const audits = [...(await auditRows(form.studyNo, 'study.create')), ...(await auditRows(form.studyNo, 'study.save'))];
    expect(audits.map((row) => (row.after as { returnSecretReplaced: boolean }).returnSecretReplaced)).toEqual([true, false, true]);
    for (const row of audits) expect(JSON.stringify(row)).not.toMatch(/first-partner|second-partner/);
  });

  it('refuses a secret shorter than 32 characters or holding spaces (400 naming the field); a study without one warns staff and pays no return', async () => {
    const { cookie } = await recruiter();
    for (const secret of ['x'.repeat(31), `${'x'.repeat(20)} ${'y'.repeat(20)}`]) {
      const answer = await post(cookie, 'CreateStudy', { ...external(), externalReturnSecret: secret });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain('externalReturnSecret');
    }
    const form = external({ coinValue: 30 });
    expect((await post(cookie, 'CreateStudy', form)).json().status).toBe('succeed');
    expect((await detail(cookie, form.studyNo)).externalReturnSecretEnding).toBeNull();
    expect(await signedReturnPays(form.studyNo, FIRST)).toBe(0);
  });
});

describe('saving a study', () => {
  it('saves every field and bumps the version; a save from an older version is told the study changed', async () => {
    const { cookie } = await recruiter();
    const form = await created(cookie);
    const opened = asForm(await detail(cookie, form.studyNo));
    const saved = await post(cookie, 'SaveStudy', { ...opened, studyBasicInfo: 'Renamed', siteId: '00001', minimumAge: 21 });
    expect(saved.json()).toMatchObject({ status: 'succeed', version: 2 });
    expect(await detail(cookie, form.studyNo)).toMatchObject({ studyBasicInfo: 'Renamed', siteId: '00001', minimumAge: 21, version: 2 });
    const stale = await post(cookie, 'SaveStudy', { ...opened, studyBasicInfo: 'Mine' });
    expect(stale.json()).toEqual({ status: 'failed', message: STUDY_ADMIN_TEXTS.changedSinceOpened, field: 'version' });
    expect((await detail(cookie, form.studyNo)).studyBasicInfo).toBe('Renamed');
  });

  it('reads a date-time sent with no zone on the study’s site’s clock, or the company’s online (decision 135); an instant stays that instant', async () => {
    const { cookie } = await recruiter();
    const options = (await getWith(testApp.app, '/api/staff/studies/FormOptions', { cookie })).json();
    expect(options.companyTimeZone).toBe('America/Chicago');
    expect(options.sites).toContainEqual(expect.objectContaining({ id: '00003', timeZone: 'America/New_York' }));
    const inNewYork = await created(cookie, { siteId: '00003', opensAt: '2030-12-02T09:00', closesAt: '2030-12-20T17:30' });
    expect(await detail(cookie, inNewYork.studyNo)).toMatchObject({
      opensAt: '2030-12-02T14:00:00.000Z',
      closesAt: '2030-12-20T22:30:00.000Z',
    });
    const online = await created(cookie, { siteId: null, opensAt: '2030-07-01T09:00' });
    expect((await detail(cookie, online.studyNo)).opensAt).toBe('2030-07-01T14:00:00.000Z');
    const moved = asForm(await detail(cookie, online.studyNo));
    expect((await post(cookie, 'SaveStudy', { ...moved, siteId: '00004', opensAt: '2030-07-01T09:00' })).json()).toMatchObject({
      status: 'succeed',
    });
    expect((await detail(cookie, online.studyNo)).opensAt).toBe('2030-07-01T16:00:00.000Z');
    const instant = await created(cookie, { siteId: '00003', opensAt: '2030-12-02T09:00:00.000Z' });
    expect((await detail(cookie, instant.studyNo)).opensAt).toBe('2030-12-02T09:00:00.000Z');
  });

  it('a save naming a site removed after the form read the kept site list is refused at the site (the foreign key), nothing saved', async () => {
    const { cookie } = await signedInStaff(db(), ['content', 'recruiter']);
    const form = await created(cookie);
    const opened = asForm(await detail(cookie, form.studyNo));
    const { siteId } = await addSite(cookie, 'Closing Site');
    // The form's site list is this instance's kept copy: read now, it still names the site after its row goes.
    const options = await getWith(testApp.app, '/api/staff/studies/FormOptions', { cookie });
    expect(options.json().sites.map((site: { id: string }) => site.id)).toContain(siteId);
    await db().delete(testSites).where(eq(testSites.siteId, siteId));
    const saved = await post(cookie, 'SaveStudy', { ...opened, studyBasicInfo: 'Moved', siteId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'failed', message: STUDY_ADMIN_TEXTS.unknownSite, field: 'siteId' });
    expect(await detail(cookie, form.studyNo)).toMatchObject({ studyBasicInfo: opened.studyBasicInfo, siteId: opened.siteId, version: 1 });
    expect(await auditRows(form.studyNo, 'study.save')).toEqual([]);
  });

  it('a save naming a site while it is removed: either the removal is refused counting the study, or the save is refused at the site', async () => {
    const { cookie } = await signedInStaff(db(), ['content', 'recruiter']);
    for (let round = 0; round < 6; round += 1) {
      const site = await addSite(cookie, `Raced site ${round}`);
      const form = await created(cookie);
      const opened = asForm(await detail(cookie, form.studyNo));
      const save = () => post(cookie, 'SaveStudy', { ...opened, siteId: site.siteId });
      const remove = () => postJson(testApp.app, '/api/staff/content/RemoveTestSite', site, { cookie });
      // Each starts first in turn.
      const [saved, removed] = round % 2 === 0 ? await Promise.all([save(), remove()]) : (await Promise.all([remove(), save()])).reverse();
      expect(saved!.statusCode, saved!.body).toBe(200);
      expect(removed!.statusCode, removed!.body).toBe(200);
      const stored = (await db().select().from(studies).where(eq(studies.studyNo, form.studyNo)))[0]!;
      if (removed!.json().status === 'succeed') {
        expect(saved!.json()).toEqual({ status: 'failed', message: STUDY_ADMIN_TEXTS.unknownSite, field: 'siteId' });
        expect(stored.siteId).toBe(opened.siteId);
      } else {
        expect(saved!.json()).toMatchObject({ status: 'succeed' });
        expect(removed!.json().message).toContain('1 study');
        expect(stored.siteId).toBe(site.siteId);
      }
    }
  });

  it('of simultaneous saves from one version, exactly one lands and writes one audit row', async () => {
    const { cookie } = await recruiter();
    const form = await created(cookie);
    const opened = asForm(await detail(cookie, form.studyNo));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(cookie, 'SaveStudy', { ...opened, studyBasicInfo: `Save ${index}` }).then((a) => a.json()),
      ),
    );
    const won = answers.filter((answer) => answer.status === 'succeed');
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.message === STUDY_ADMIN_TEXTS.changedSinceOpened)).toHaveLength(11);
    expect(await auditRows(form.studyNo, 'study.save')).toHaveLength(1);
    expect((await detail(cookie, form.studyNo)).version).toBe(2);
  });

  it('once a tester answered the screener, refuses structural changes but saves wording and quota sizes', async () => {
    const { cookie } = await recruiter();
    const form = await created(cookie);
    const study = await detail(cookie, form.studyNo);
    const [coffee, cups] = study.screener.questions;
    const id = (key: string) => Number(key.slice(1));
    // Two testers qualify in the Light quota (1 to 3 cups).
    for (const count of [2, 3]) {
      const { cookie: testerCookie } = await createLoggedInTester(db());
      const done = await postJson(
        testApp.app,
        `/api/screener/${form.studyNo}/complete`,
        { answers: { [id(coffee!.key)]: id(coffee!.options[0]!.key), [id(cups!.key)]: count } },
        { cookie: testerCookie },
      );
      expect(done.json()).toMatchObject({ outcome: 'qualified' });
    }
    const opened = asForm(await detail(cookie, form.studyNo));
    expect((await detail(cookie, form.studyNo)).answeredCount).toBe(2);

    const removed = await post(cookie, 'SaveStudy', {
      ...opened,
      screener: { ...opened.screener, questions: [coffee!], quotas: [] },
      recruitTarget: null,
    });
    expect(removed.json()).toEqual({ status: 'failed', message: STUDY_ADMIN_TEXTS.screenerAnswered(2), field: 'screener' });
    expect((await detail(cookie, form.studyNo)).version).toBe(opened.version);
    const external = await post(cookie, 'SaveStudy', {
      ...opened,
      screenerKind: 'external',
      externalUrl: 'https://forms.example.com/x',
      screener: { questions: [], quotas: [] },
    });
    expect(external.json().status).toBe('failed');

    const [light, heavy] = opened.screener.quotas;
    const tooSmall = await post(cookie, 'SaveStudy', {
      ...opened,
      screener: { ...opened.screener, quotas: [{ ...light!, capacity: 0 }, heavy!] },
    });
    expect(tooSmall.statusCode).toBe(400);
    const resized = (capacity: number) => ({
      ...opened,
      recruitTarget: null,
      screener: { ...opened.screener, quotas: [{ ...light!, capacity }, heavy!] },
    });
    expect((await post(cookie, 'SaveStudy', resized(1))).json()).toEqual({
      status: 'failed',
      message: STUDY_ADMIN_TEXTS.quotaBelowFilled('Light', 2),
      field: 'screener.quotas.0.capacity',
    });
    expect((await post(cookie, 'SaveStudy', resized(2))).json().status).toBe('succeed');

    const reworded = asForm(await detail(cookie, form.studyNo));
    reworded.screener.questions[0] = { ...reworded.screener.questions[0]!, prompt: 'Do you drink coffee at all?' };
    reworded.screener.quotas[1] = { ...reworded.screener.quotas[1]!, name: 'Strong', capacity: 8 };
    expect((await post(cookie, 'SaveStudy', reworded)).json().status).toBe('succeed');
    const after = await detail(cookie, form.studyNo);
    expect(after.screener.questions[0]!.prompt).toBe('Do you drink coffee at all?');
    expect(after.screener.questions[0]!.key).toBe(coffee!.key);
    expect(after.screener.quotas[1]).toMatchObject({ name: 'Strong', capacity: 8 });
  });
});

describe('opening and closing', () => {
  it('closes and opens a study as the testers’ list sees it, and the list filters and searches', async () => {
    const { cookie } = await recruiter();
    const form = await created(cookie, { opensAt: '2099-01-01T00:00:00.000Z', studyBasicInfo: 'Espresso machine trial' });
    const { cookie: testerCookie } = await createLoggedInTester(db());
    expect(await screenersOf(testerCookie)).not.toContain(form.studyNo);
    const list = async (query: string) =>
      ((await getWith(testApp.app, `/api/staff/studies/List${query}`, { cookie })).json() as StudyListResponse).studies.map(
        (s) => s.studyNo,
      );
    expect(await list('?status=closed&q=espresso machine')).toEqual([form.studyNo]);
    expect(await list(`?status=all&q=${form.studyNo}`)).toEqual([form.studyNo]);

    expect((await post(cookie, 'SetOpen', { studyNo: form.studyNo, version: 1, open: true })).json()).toMatchObject({
      status: 'succeed',
      version: 2,
    });
    expect(await screenersOf(testerCookie)).toContain(form.studyNo);
    expect(await list('?status=open&q=espresso')).toEqual([form.studyNo]);
    expect((await post(cookie, 'SetOpen', { studyNo: form.studyNo, version: 1, open: false })).json()).toMatchObject({
      message: STUDY_ADMIN_TEXTS.changedSinceOpened,
    });
    expect((await post(cookie, 'SetOpen', { studyNo: form.studyNo, version: 2, open: false })).json()).toMatchObject({
      status: 'succeed',
      version: 3,
    });
    expect(await screenersOf(testerCookie)).not.toContain(form.studyNo);
    expect((await detail(cookie, form.studyNo)).state).toBe('closed');
    expect(await auditRows(form.studyNo, 'study.close')).toHaveLength(1);
    expect(await list('?status=open&q=espresso')).toEqual([]);
  });
});
