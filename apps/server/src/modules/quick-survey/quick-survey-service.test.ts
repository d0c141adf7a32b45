import { describe, expect, it } from 'vitest';
import { counterSteps, responseProblems, type ResponseItem, type SurveyQuestion } from './quick-survey-service.ts';

/** The quick-survey rules at the service (spec 2, section 5; section 9: comments 2 to 200, Other 0, None -1). */

const scale = (valueKey: string, scaleIndex: number) => ({ scaleIndex, scaleText: valueKey, score: 1, valueKey, imageID: null });
const questions: SurveyQuestion[] = [
  { questionIndex: 0, qText: 'Pick some', styleTypeStyle: 'checkbox', scales: [scale('A', 1), scale('B', 2)] },
  { questionIndex: 1, qText: 'Pick one', styleTypeStyle: 'radio', scales: [scale('X', 1), scale('Y', 2)] },
  { questionIndex: 2, qText: 'Say something', styleTypeStyle: 'textbox', scales: [] },
];
const item = (questionIndex: number, response: string[], codedResponse = ''): ResponseItem => ({
  jobID: 9,
  questionIndex,
  response,
  codedResponse,
});
const valid = (checkbox: ResponseItem = item(0, ['A'])) => [checkbox, item(1, ['X']), item(2, [], 'Fine')];

describe('responseProblems', () => {
  it('accepts keys, None alone, Other as a comment alone or with keys', () => {
    expect(responseProblems(questions, valid())).toEqual([]);
    expect(responseProblems(questions, valid(item(0, ['NONE'])))).toEqual([]);
    expect(responseProblems(questions, valid(item(0, [], 'My own')))).toEqual([]);
    expect(responseProblems(questions, valid(item(0, ['A', 'B'], 'Also this')))).toEqual([]);
  });

  it('holds comments to 2..200 characters, counting a comment of spaces as none', () => {
    expect(responseProblems(questions, valid(item(0, [], 'ab')))).toEqual([]);
    expect(responseProblems(questions, valid(item(0, [], 'a')))).toEqual([
      { field: '0.codedResponse', message: 'Write at least 2 characters.' },
    ]);
    expect(responseProblems(questions, valid(item(0, [], 'x'.repeat(200))))).toEqual([]);
    expect(responseProblems(questions, valid(item(0, [], 'x'.repeat(201))))).toEqual([
      { field: '0.codedResponse', message: 'Write at most 200 characters.' },
    ]);
    expect(responseProblems(questions, [item(0, ['A']), item(1, ['X']), item(2, [], '   ')])).toEqual([
      { field: '2.codedResponse', message: 'Write at least 2 characters.' },
    ]);
  });

  it('refuses None with anything, the OTHER key itself, and foreign keys', () => {
    expect(responseProblems(questions, valid(item(0, ['A', 'NONE'])))).toEqual([
      { field: '0.response', message: 'None of the above goes alone.' },
    ]);
    expect(responseProblems(questions, valid(item(0, ['OTHER'], 'xy')))[0]!.message).toBe('Send the comment for Other, not its key.');
    expect(responseProblems(questions, valid(item(0, ['X'])))[0]!.message).toBe('This choice does not belong to the question.');
    expect(responseProblems(questions, [item(0, ['A']), item(1, ['NONE']), item(2, [], 'ok')])[0]).toEqual({
      field: '1.response',
      message: 'This choice does not belong to the question.',
    });
  });

  it('wants every question answered once', () => {
    expect(responseProblems(questions, [item(0, ['A']), item(2, [], 'ok')])).toEqual([{ field: 'body', message: 'Answer question 1.' }]);
    expect(responseProblems(questions, [...valid(), item(1, ['Y'])])).toEqual([
      { field: '3.questionIndex', message: 'This question is answered twice.' },
    ]);
  });
});

describe('counterSteps', () => {
  it('counts each chosen key, Other for a checkbox comment, nothing for a textbox, in one sorted order', () => {
    expect(counterSteps(questions, [item(1, ['Y']), item(0, ['B', 'A'], 'Mine'), item(2, [], 'Words')])).toEqual([
      { questionIndex: 0, answerKey: 'A' },
      { questionIndex: 0, answerKey: 'B' },
      { questionIndex: 0, answerKey: 'OTHER' },
      { questionIndex: 1, answerKey: 'Y' },
    ]);
    expect(counterSteps(questions, [item(0, ['NONE'])])).toEqual([{ questionIndex: 0, answerKey: 'NONE' }]);
  });
});
