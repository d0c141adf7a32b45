import { describe, expect, it } from 'vitest';
import en from '@testerhub/shared/locales/en/messages-screener.json';
import { SELF_SCHEDULE_TEXTS } from '@testerhub/shared/self-schedule-schemas';
import { SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createScreener, createStudy } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';

/**
 * The messages a tester reads after a study click or a screener come in the tester's own language
 * (issue 28; decision 115); an English tester's are the spec's texts word for word.
 */

const testApp = useTestApp({ clock: createFakeClock('2026-01-15T12:00:00Z') });
const db = () => testApp.database.db;

const doScreeners = (cookie: string, studyNo: number) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/schedule/DoScreeners',
    headers: { cookie, ...OUR_PAGE, 'content-type': 'application/json' },
    payload: JSON.stringify({ StudyNo: studyNo, ScreenerType: 'Online' }),
  });
const screenerCall = (method: 'PUT' | 'POST', cookie: string, url: string, answers: unknown) =>
  testApp.app.inject({
    method,
    url,
    headers: { cookie, ...OUR_PAGE, 'content-type': 'application/json' },
    payload: JSON.stringify({ answers }),
  });
const reSelfSchedule = (cookie: string) => testApp.app.inject({ method: 'GET', url: '/api/schedule/ReSelfSchedule', headers: { cookie } });

describe('the screener and self-schedule messages', () => {
  it('are, in English, the texts the shared catalogues give the portal', () => {
    const { alreadyScheduled, full, notAvailable, disqualified, waitlisted } = SCREENER_TEXTS;
    const { reSelfScheduleFound, reSelfScheduleNone, reSelfSchedulePending } = SELF_SCHEDULE_TEXTS;
    expect(en).toEqual({
      alreadyScheduled,
      full,
      notAvailable,
      disqualified,
      waitlisted,
      reSelfScheduleFound,
      reSelfScheduleNone,
      reSelfSchedulePending,
    });
  });

  it('refuse a Spanish tester in Spanish and an English tester in English', async () => {
    const spanish = await createLoggedInTester(db(), { language: 'es' });
    const english = await createLoggedInTester(db());
    const closed = await createStudy(db(), { closesAt: new Date('2026-01-01T00:00:00Z') });

    expect((await doScreeners(spanish.cookie, closed.studyNo)).json()).toEqual({
      status: 'failed',
      message: '¡Lo sentimos! Este estudio ya no está disponible...',
    });
    expect((await doScreeners(english.cookie, closed.studyNo)).json()).toEqual({ status: 'failed', message: SCREENER_TEXTS.notAvailable });

    expect((await reSelfSchedule(spanish.cookie)).json()).toEqual({ url: '', detail: 'No tiene ningún estudio pendiente de programar.' });
    expect((await reSelfSchedule(english.cookie)).json()).toEqual({ url: '', detail: 'You have no study waiting to be scheduled.' });
  });
});

describe("the hosted screener's answer checks", () => {
  it('refuse a Spanish tester in Spanish and an English tester in the English word for word', async () => {
    const spanish = await createLoggedInTester(db(), { language: 'es' });
    const english = await createLoggedInTester(db());
    const study = await createStudy(db());
    const ids = await createScreener(db(), {
      studyNo: study.studyNo,
      questions: [
        { key: 'age', kind: 'number', prompt: 'Your age?', minValue: 13, maxValue: 120 },
        { key: 'name', kind: 'text', prompt: 'Your pet’s name?' },
      ],
    });
    const age = ids.question('age');
    const saveTooOld = (cookie: string) => screenerCall('PUT', cookie, `/api/screener/${study.studyNo}/answers`, { [age]: 200 });
    const completeWithoutName = (cookie: string) => screenerCall('POST', cookie, `/api/screener/${study.studyNo}/complete`, { [age]: 30 });

    expect((await saveTooOld(spanish.cookie)).json()).toMatchObject({
      status: 'invalid',
      message: 'Escriba un número de 120 como máximo.',
    });
    expect((await saveTooOld(english.cookie)).json()).toMatchObject({ status: 'invalid', message: 'Enter a number of at most 120.' });
    expect((await completeWithoutName(spanish.cookie)).json()).toMatchObject({
      status: 'invalid',
      field: `answers.${ids.question('name')}`,
      message: 'Por favor, conteste esta pregunta.',
    });
    expect((await completeWithoutName(english.cookie)).json()).toMatchObject({
      status: 'invalid',
      message: 'Please answer this question.',
    });
  });
});
