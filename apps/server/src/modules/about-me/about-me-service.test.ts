import { beforeAll, describe, expect, it } from 'vitest';
import { createDossierPage, createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createAboutMeService, setAnswerProblem, type AboutMeService } from './about-me-service.ts';

/** The About-me rules at the service (spec 2, "About-me (dossier) answering" and section 9). */

describe('setAnswerProblem', () => {
  const ids = new Set([1, 2, 3, 4, 5]);
  const checkbox = { questionType: 'C' as const, minChecked: 2, maxChecked: 4 };

  it('holds a checkbox set between its minimum and maximum', () => {
    expect(setAnswerProblem(checkbox, ids, [1])).toBe('Choose at least 2 answers.');
    expect(setAnswerProblem(checkbox, ids, [1, 2])).toBeNull();
    expect(setAnswerProblem(checkbox, ids, [1, 2, 3, 4])).toBeNull();
    expect(setAnswerProblem(checkbox, ids, [1, 2, 3, 4, 5])).toBe('Choose at most 4 answers.');
  });

  it('wants at least one box of a set whose minimum is 0', () => {
    expect(setAnswerProblem({ questionType: 'C', minChecked: 0, maxChecked: 2 }, ids, [])).toBe('Choose at least one answer.');
    expect(setAnswerProblem({ questionType: 'C', minChecked: 0, maxChecked: 2 }, ids, [5])).toBeNull();
  });

  it('takes exactly one answer of a B or M set', () => {
    for (const questionType of ['B', 'M'] as const) {
      const set = { questionType, minChecked: 1, maxChecked: 1 };
      expect(setAnswerProblem(set, ids, [])).toBe('Choose exactly one answer.');
      expect(setAnswerProblem(set, ids, [2])).toBeNull();
      expect(setAnswerProblem(set, ids, [2, 3])).toBe('Choose exactly one answer.');
    }
  });

  it("refuses another set's answer and a repeated answer", () => {
    expect(setAnswerProblem(checkbox, ids, [1, 9])).toBe('An answer does not belong to this question.');
    expect(setAnswerProblem(checkbox, ids, [1, 1])).toBe('An answer is chosen twice.');
  });
});

describe('the answers a tester holds', () => {
  let aboutMe: AboutMeService;
  const clock = createFakeClock('2026-12-01T10:00:00Z');

  const testApp = useTestApp({ clock });
  beforeAll(async () => {
    const ledger = createLedgerService(testApp.database.db, { clock, onTesterChanged: () => undefined });
    aboutMe = createAboutMeService(testApp.database.db, { clock, ledger });
  });

  it('are every answer id the tester chose, replaced when a page is answered again', async () => {
    const db = testApp.database.db;
    const { sets } = await createDossierPage(db, {
      questions: [[{ type: 'C', minChecked: 1, maxChecked: 3, answers: ['Dog', 'Cat', 'Fish'] }], [{ type: 'B', answers: ['Yes', 'No'] }]],
    });
    const [pets, owns] = sets as [(typeof sets)[0], (typeof sets)[0]];
    const tester = await createTester(db);
    const other = await createTester(db);
    expect(await aboutMe.heldAnswerIds(tester.id)).toEqual([]);

    await aboutMe.saveAnswers(tester.id, [
      { questionID: pets.id, answerIDs: [pets.answerIds[2]!, pets.answerIds[0]!], answerText: '' },
      { questionID: owns.id, answerIDs: [owns.answerIds[0]!], answerText: 'Yes' },
    ]);
    await aboutMe.saveAnswers(other.id, [
      { questionID: pets.id, answerIDs: [pets.answerIds[1]!], answerText: '' },
      { questionID: owns.id, answerIDs: [owns.answerIds[1]!], answerText: '' },
    ]);
    expect((await aboutMe.heldAnswerIds(tester.id)).sort((a, b) => a - b)).toEqual([
      pets.answerIds[0],
      pets.answerIds[2],
      owns.answerIds[0],
    ]);

    await aboutMe.saveAnswers(tester.id, [
      { questionID: pets.id, answerIDs: [pets.answerIds[1]!], answerText: '' },
      { questionID: owns.id, answerIDs: [owns.answerIds[0]!], answerText: 'Yes' },
    ]);
    expect((await aboutMe.heldAnswerIds(tester.id)).sort((a, b) => a - b)).toEqual([pets.answerIds[1], owns.answerIds[0]]);
    expect((await aboutMe.openPages(tester.id)).map((page) => page.pageTitle)).toEqual([
      'Your home and pets',
      'Shopping habits',
      'Food and drink',
    ]);
  });

  it('leave nothing behind when the answers break a rule', async () => {
    const db = testApp.database.db;
    const { sets } = await createDossierPage(db, { questions: [[{ type: 'M', answers: ['A', 'B'] }]] });
    const tester = await createTester(db);
    await expect(
      aboutMe.saveAnswers(tester.id, [{ questionID: sets[0]!.id, answerIDs: sets[0]!.answerIds, answerText: '' }]),
    ).rejects.toMatchObject({
      statusCode: 400,
      issues: [{ field: '0.answerIDs', message: 'Choose exactly one answer.' }],
    });
    expect(await aboutMe.heldAnswerIds(tester.id)).toEqual([]);
    expect(await aboutMe.claimReward(tester.id, 1)).toEqual({ status: 'failed' });
  });
});
