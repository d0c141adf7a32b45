import { describe, expect, test } from 'vitest';
import { answerProblem, answersToSend, questionForField, resumeIndex, visibleQuestions, type ScreenerQuestion } from './screener-rules';

const q = (id: number, overrides: Partial<ScreenerQuestion> = {}): ScreenerQuestion => ({
  id,
  kind: 'single',
  prompt: `Question ${id}`,
  required: true,
  showIf: null,
  options: [
    { id: id * 10, label: 'A' },
    { id: id * 10 + 1, label: 'B' },
  ],
  ...overrides,
});

// 2 shows when 1 is A; 3 shows when 2 is A: a chain.
const chain = [q(1), q(2, { showIf: { questionId: 1, optionIds: [10] } }), q(3, { showIf: { questionId: 2, optionIds: [20] } })];

describe('screener rules', () => {
  test('a question hanging on a hidden question is hidden too, whatever its own answer says', () => {
    expect(visibleQuestions(chain, {}).map((question) => question.id)).toEqual([1]);
    expect(visibleQuestions(chain, { '1': 10, '2': 20 }).map((question) => question.id)).toEqual([1, 2, 3]);
    expect(visibleQuestions(chain, { '1': 11, '2': 20 }).map((question) => question.id)).toEqual([1]);
    expect(answersToSend(chain, { '1': 11, '2': 20, '3': 30 })).toEqual({ '1': 11 });
  });

  test('a multiple-choice condition holds when any chosen option is listed', () => {
    const questions = [q(1, { kind: 'multiple' }), q(2, { showIf: { questionId: 1, optionIds: [11] } })];
    expect(visibleQuestions(questions, { '1': [10] })).toHaveLength(1);
    expect(visibleQuestions(questions, { '1': [10, 11] })).toHaveLength(2);
  });

  test('boundaries: number range inclusive, text length, choices, date, optional empty', () => {
    const number = q(1, { kind: 'number', minValue: 1, maxValue: 12, options: [] });
    expect(answerProblem(number, 1)).toBeNull();
    expect(answerProblem(number, 12)).toBeNull();
    expect(answerProblem(number, 0)).toBe('Enter a number from 1 to 12.');
    expect(answerProblem(number, 13)).toBe('Enter a number from 1 to 12.');
    const text = q(2, { kind: 'text', maxLength: 3, required: false, options: [] });
    expect(answerProblem(text, 'abc')).toBeNull();
    expect(answerProblem(text, 'abcd')).toBe('Use no more than 3 characters.');
    expect(answerProblem(text, undefined)).toBeNull();
    expect(answerProblem(text, '   ')).toBeNull();
    const multiple = q(3, { kind: 'multiple', minChoices: 2, maxChoices: 2 });
    expect(answerProblem(multiple, [30])).toBe('Choose at least 2.');
    expect(answerProblem(multiple, [30, 31])).toBeNull();
    const date = q(4, { kind: 'date', options: [] });
    expect(answerProblem(date, '2026-02-30x')).toBe('Enter a date.');
    expect(answerProblem(date, '2026-02-03')).toBeNull();
    expect(answerProblem(q(5), 999)).toBe('Please choose one answer.');
  });

  test('resume at the first open question, else the last; a 400 field names a question', () => {
    expect(resumeIndex(chain, {})).toBe(0);
    expect(resumeIndex(chain, { '1': 10 })).toBe(1);
    expect(resumeIndex(chain, { '1': 11 })).toBe(0);
    expect(questionForField(chain, 'answers.2')?.id).toBe(2);
    expect(questionForField(chain, '3')?.id).toBe(3);
    expect(questionForField(chain, 'answers')).toBeUndefined();
    expect(questionForField(chain, undefined)).toBeUndefined();
  });
});
