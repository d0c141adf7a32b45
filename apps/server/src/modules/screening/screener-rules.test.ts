import { describe, expect, it } from 'vitest';
import {
  ANSWER_TEXTS,
  checkAnswers,
  isDisqualified,
  matchingQuota,
  shuffledFor,
  visibleQuestions,
  type ScreenerQuestion,
  type ScreenerQuota,
} from './screener-rules.ts';
import { signStudyLinkData, verifyStudyLinkData } from './study-link-token.ts';

/** The hosted screener's pure rules (decision 017): show-if, answer checks, disqualification, quotas, shuffling, the signed link data. */

const question = (overrides: Partial<ScreenerQuestion> & Pick<ScreenerQuestion, 'id' | 'kind'>): ScreenerQuestion => ({
  prompt: `Question ${overrides.id}`,
  required: true,
  minChoices: null,
  maxChoices: null,
  minValue: null,
  maxValue: null,
  maxLength: null,
  showIf: null,
  qualifyMin: null,
  qualifyMax: null,
  options: [],
  ...overrides,
});

const options = (...ids: number[]) => ids.map((id) => ({ id, label: `Option ${id}`, disqualifies: false }));

// 1 single (11 yes, 12 no); 2 multiple shown if 1 = yes; 3 single shown if 2 holds 21; 4 number; 5 text; 6 date.
const questions: ScreenerQuestion[] = [
  question({ id: 1, kind: 'single', options: [...options(11), { id: 12, label: 'No', disqualifies: true }] }),
  question({
    id: 2,
    kind: 'multiple',
    minChoices: 2,
    maxChoices: 3,
    options: options(21, 22, 23, 24),
    showIf: { questionId: 1, optionIds: [11] },
  }),
  question({ id: 3, kind: 'single', options: options(31, 32), showIf: { questionId: 2, optionIds: [21] } }),
  question({ id: 4, kind: 'number', minValue: 0, maxValue: 120, qualifyMin: 21, qualifyMax: 64 }),
  question({ id: 5, kind: 'text', maxLength: 10, required: false }),
  question({ id: 6, kind: 'date', required: false }),
];

describe('show if', () => {
  it('shows a question when its earlier question holds one of the options, in a chain', () => {
    expect(visibleQuestions(questions, {}).map((q) => q.id)).toEqual([1, 4, 5, 6]);
    expect(visibleQuestions(questions, { 1: 11 }).map((q) => q.id)).toEqual([1, 2, 4, 5, 6]);
    expect(visibleQuestions(questions, { 1: 11, 2: [21, 22] }).map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('hides a chain when its first link is hidden, whatever the later answers say', () => {
    expect(visibleQuestions(questions, { 1: 12, 2: [21, 22], 3: 31 }).map((q) => q.id)).toEqual([1, 4, 5, 6]);
  });
});

describe('checking answers at completion', () => {
  const good = { 1: 11, 2: [21, 22], 3: 31, 4: 30 };

  it('accepts complete answers, trims texts and drops answers to hidden questions', () => {
    expect(checkAnswers(questions, { ...good, 5: '  hi  ' }, true)).toEqual({ ok: true, answers: { ...good, 5: 'hi' } });
    expect(checkAnswers(questions, { 1: 12, 2: [21, 22], 3: 31, 4: 30 }, true)).toEqual({ ok: true, answers: { 1: 12, 4: 30 } });
  });

  it.each([
    ['a missing required shown question', { 1: 11, 2: [21, 22], 4: 30 }, 'answers.3', ANSWER_TEXTS.required],
    ['a blank choice list', { 1: 11, 2: [], 4: 30 }, 'answers.2', ANSWER_TEXTS.required],
    ['an option of another question', { 1: 21, 4: 30 }, 'answers.1', ANSWER_TEXTS.chooseOne],
    ['a list for a single question', { 1: [11], 4: 30 }, 'answers.1', ANSWER_TEXTS.chooseOne],
    ['fewer choices than the minimum', { 1: 11, 2: [21], 4: 30 }, 'answers.2', ANSWER_TEXTS.tooFew(2)],
    ['more choices than the maximum', { 1: 11, 2: [21, 22, 23, 24], 4: 30 }, 'answers.2', ANSWER_TEXTS.tooMany(3)],
    ['an option twice', { 1: 11, 2: [22, 22], 4: 30 }, 'answers.2', ANSWER_TEXTS.chooseFromList],
    ['a number below the range', { ...good, 4: -1 }, 'answers.4', ANSWER_TEXTS.below(0)],
    ['a number above the range', { ...good, 4: 121 }, 'answers.4', ANSWER_TEXTS.above(120)],
    ['text for a number', { ...good, 4: '30' }, 'answers.4', ANSWER_TEXTS.number],
    ['a text over its length', { ...good, 5: 'x'.repeat(11) }, 'answers.5', ANSWER_TEXTS.tooLong(10)],
    ['a date that does not exist', { ...good, 6: '2026-02-30' }, 'answers.6', ANSWER_TEXTS.date],
    ['a date in another format', { ...good, 6: '02/03/2026' }, 'answers.6', ANSWER_TEXTS.date],
    ['an unknown question', { ...good, 99: 1 }, 'answers.99', ANSWER_TEXTS.notAQuestion],
  ])('refuses %s, naming the field', (_name, answers, field, message) => {
    expect(checkAnswers(questions, answers, true)).toEqual({ ok: false, field, message });
  });

  it('accepts the range ends and the exact choice counts', () => {
    expect(checkAnswers(questions, { ...good, 2: [21, 22, 23], 4: 0, 5: 'x'.repeat(10), 6: '2024-02-29' }, true).ok).toBe(true);
    expect(checkAnswers(questions, { ...good, 4: 120 }, true).ok).toBe(true);
  });

  it('requires nothing while saving progress, but still checks each given value', () => {
    expect(checkAnswers(questions, { 4: 30 }, false)).toEqual({ ok: true, answers: { 4: 30 } });
    expect(checkAnswers(questions, { 4: 500 }, false)).toMatchObject({ ok: false, field: 'answers.4' });
  });
});

describe('disqualification', () => {
  it('disqualifies on a disqualifying option and on a number outside the qualifying range (ends included)', () => {
    expect(isDisqualified(questions, { 1: 12, 4: 30 })).toBe(true);
    expect(isDisqualified(questions, { 1: 11, 2: [21, 22], 3: 31, 4: 20 })).toBe(true);
    expect(isDisqualified(questions, { 1: 11, 2: [21, 22], 3: 31, 4: 65 })).toBe(true);
    expect(isDisqualified(questions, { 1: 11, 2: [21, 22], 3: 31, 4: 21 })).toBe(false);
    expect(isDisqualified(questions, { 1: 11, 2: [21, 22], 3: 31, 4: 64 })).toBe(false);
  });
});

describe('quotas', () => {
  const quotas: ScreenerQuota[] = [
    {
      id: 1,
      name: 'Women 21-34',
      capacity: 2,
      filled: 0,
      conditions: [
        { questionId: 1, optionIds: [11], minValue: null, maxValue: null },
        { questionId: 4, optionIds: null, minValue: 21, maxValue: 34 },
      ],
    },
    { id: 2, name: 'Anyone 30-64', capacity: 2, filled: 0, conditions: [{ questionId: 4, optionIds: null, minValue: 30, maxValue: 64 }] },
  ];

  it('puts a completion in the first quota whose conditions all hold', () => {
    expect(matchingQuota(quotas, { 1: 11, 4: 30 })?.id).toBe(1);
    expect(matchingQuota(quotas, { 1: 12, 4: 30 })?.id).toBe(2);
    expect(matchingQuota(quotas, { 1: 11, 4: 35 })?.id).toBe(2);
    expect(matchingQuota(quotas, { 1: 11, 4: 21 })?.id).toBe(1);
    expect(matchingQuota(quotas, { 1: 12, 4: 25 })).toBeNull();
  });
});

describe('shuffling', () => {
  const list = options(1, 2, 3, 4, 5, 6, 7, 8);

  it('gives a tester the same order every time, and testers different orders', () => {
    const first = shuffledFor(list, 'tester-a').map((option) => option.id);
    expect(shuffledFor(list, 'tester-a').map((option) => option.id)).toEqual(first);
    expect([...first].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const orders = new Set(
      ['tester-a', 'tester-b', 'tester-c', 'tester-d'].map((id) =>
        shuffledFor(list, id)
          .map((o) => o.id)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('the self-schedule link data', () => {
  const data = { testerId: 'a1b2', studyNo: 24101, quotaId: 3, issuedAt: 1_768_478_400 };

  it('verifies what this secret signed and nothing else', () => {
    const token = signStudyLinkData(data, 's'.repeat(32));
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyStudyLinkData(token, 's'.repeat(32))).toEqual(data);
    expect(verifyStudyLinkData(token, 't'.repeat(32))).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ t: 'a1b2', s: 24102, q: 3, i: data.issuedAt })).toString('base64url');
    expect(verifyStudyLinkData(`${forged}.${signature}`, 's'.repeat(32))).toBeNull();
    expect(verifyStudyLinkData(`${body}`, 's'.repeat(32))).toBeNull();
  });
});
