import { describe, expect, it } from 'vitest';
import { CHILD_FLOW_TEXTS, CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { fillText } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-children.json';
import { createChild, createLoggedInTester, createStudy } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';

/**
 * The children flow's refusals come in the parent's own language (issue 28; decision 115); an English
 * parent's are the spec's texts word for word.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const testApp = useTestApp({ clock: createFakeClock(NOW) });
const db = () => testApp.database.db;

const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });

const childPayload = { firstName: 'Mia', lastName: 'Example', race: 'A', gender: 'F', year: 2018, month: 2, day: 28, phone: '3125550123' };

describe("the children flow's refusals", () => {
  it('are, in English, the texts the shared catalogues give the portal', () => {
    const { mustJoinFirst, emailUnsendable, studyUnavailable, notConfirmedYet, duplicate } = CHILD_TEXTS;
    const { childAgeNotTaken, childAlreadyScreened } = CHILD_FLOW_TEXTS;
    expect(fillText(en.tooMany, { limit: 6 })).toBe(CHILD_TEXTS.tooMany(6));
    expect({ ...en, tooMany: CHILD_TEXTS.tooMany(6) }).toEqual({
      mustJoinFirst,
      emailUnsendable,
      studyUnavailable,
      notConfirmedYet,
      duplicate,
      tooMany: CHILD_TEXTS.tooMany(6),
      childAgeNotTaken,
      childAlreadyScreened,
    });
  });

  it('refuse a Spanish parent in Spanish and an English parent in English', async () => {
    const spanish = await createLoggedInTester(db(), { language: 'es' });
    const english = await createLoggedInTester(db());
    const register = (cookie: string) => post('/api/account/RegistChildrenWithoutStudyNo', cookie, childPayload);

    expect((await register(spanish.cookie)).json()).toEqual({
      status: '101',
      detail:
        'Tester Services debe primero registrar a su hijo y unirlo a su cuenta: el registro en línea se abre una vez que usted haya venido a una prueba y aceptado las reglas de las instalaciones.',
    });
    expect((await register(english.cookie)).json()).toEqual({
      status: '101',
      detail:
        'A child must first be registered and joined to your account by Tester Services: online registration opens once you have come in to test and agreed to the facility rules.',
    });

    // A kid study for children of 6 to 12; each parent's 16-year-old is refused for the age.
    const study = await createStudy(db(), { projectType: 27, participantTypeId: 1, childMinimumAge: 6, childMaximumAge: 12 });
    const screenTeenOf = async ({ tester, cookie }: typeof spanish) => {
      const teen = await createChild(db(), { parentId: tester.id, birthDate: '2010-01-15', createdAt: NOW });
      return post('/api/schedule/DoChildrenScreener', cookie, { childID: teen.publicId, studyNo: study.studyNo });
    };
    expect((await screenTeenOf(spanish)).json()).toEqual({ status: 'notQualified', message: 'Este estudio es para niños de otra edad.' });
    expect((await screenTeenOf(english)).json()).toEqual({ status: 'notQualified', message: 'This study is for children of another age.' });
  });
});
