import {
  STUDY_ADMIN_TEXTS,
  type PreviewAnswers,
  type PreviewScreenerResponse,
  type ScreenerDefinitionInput,
} from '@testerhub/shared/study-admin-schemas';
import type { Executor } from '../../core/db/client.ts';
import { SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import {
  checkAnswers,
  screenerVerdict,
  visibleQuestions,
  type Answers,
  type ScreenerQuestion,
  type ScreenerQuota,
} from './screener-rules.ts';
import { createScreeningRepository } from './screening-repository.ts';

/**
 * The staff's side of the hosted screener (issue 12 section 2; decision 050): the screener as the
 * editor shows it (keys made from the rows' ids), its replacement while nobody has answered it, its
 * rewording after, and the preview, decided by the screening module's own rules (screenerVerdict).
 */

/** What a question holds besides its key, rule and options: the same names in the rules and in the editor. */
const limitsOf = (question: Omit<ScreenerQuestion, 'id' | 'showIf' | 'options'>) => ({
  kind: question.kind,
  prompt: question.prompt,
  required: question.required,
  minChoices: question.minChoices,
  maxChoices: question.maxChoices,
  minValue: question.minValue,
  maxValue: question.maxValue,
  maxLength: question.maxLength,
  qualifyMin: question.qualifyMin,
  qualifyMax: question.qualifyMax,
});

const questionKey = (id: number) => `q${id}`;
const optionKey = (id: number) => `o${id}`;
const idOf = (key: string) => Number(key.slice(1));

/** A study's screener in the editor's form: keys from ids, so an unchanged structure comes back with the same keys. */
async function screenerDefinitionOf(db: Executor, studyNo: number): Promise<ScreenerDefinitionInput & { filled: number[] }> {
  const { questions, quotas } = await createScreeningRepository(db).loadScreener(studyNo);
  return {
    questions: questions.map((question) => ({
      key: questionKey(question.id),
      ...limitsOf(question),
      showIf: question.showIf && { question: questionKey(question.showIf.questionId), options: question.showIf.optionIds.map(optionKey) },
      options: question.options.map((option) => ({ key: optionKey(option.id), label: option.label, disqualifies: option.disqualifies })),
    })),
    quotas: quotas.map((quota) => ({
      name: quota.name,
      capacity: quota.capacity,
      conditions: quota.conditions.map((condition) => ({
        question: questionKey(condition.questionId),
        options: condition.optionIds && condition.optionIds.map(optionKey),
        minValue: condition.minValue,
        maxValue: condition.maxValue,
      })),
    })),
    filled: quotas.map((quota) => quota.filled),
  };
}

/** The definition without its wording and sizes: two screeners with the same structure compare equal. */
function structureOf(definition: ScreenerDefinitionInput) {
  return JSON.stringify({
    questions: definition.questions.map(({ prompt: _prompt, options, ...rest }) => ({
      ...rest,
      options: options.map(({ label: _label, ...option }) => option),
    })),
    quotas: definition.quotas.map((quota) => quota.conditions),
  });
}

export type ScreenerSaveResult = { ok: true } | { ok: false; message: string; field?: string };

/**
 * Writes the study's screener (inside the caller's transaction, after the study row is locked).
 * Nobody has answered it: replaced whole. Someone has: only the wording and the quota sizes change,
 * and any structural change is refused (decision 050). An outside screener (`null`) removes a hosted
 * one that nobody answered.
 */
async function writeScreener(tx: Executor, studyNo: number, definition: ScreenerDefinitionInput | null): Promise<ScreenerSaveResult> {
  const repository = createScreeningRepository(tx);
  const answered = await repository.countScreenings(studyNo);
  const current = await screenerDefinitionOf(tx, studyNo);
  if (answered === 0) {
    await repository.deleteScreener(studyNo);
    if (definition) await repository.insertScreener({ studyNo, ...definition });
    return { ok: true };
  }
  const unchanged = definition ?? { questions: [], quotas: [] };
  if (structureOf(unchanged) !== structureOf(current))
    return { ok: false, message: STUDY_ADMIN_TEXTS.screenerAnswered(answered), field: 'screener' };
  for (const question of unchanged.questions) {
    await repository.rewordQuestion(studyNo, idOf(question.key), question.prompt);
    for (const option of question.options) await repository.rewordOption(idOf(question.key), idOf(option.key), option.label);
  }
  const { quotas } = await repository.loadScreener(studyNo);
  for (const [index, quota] of unchanged.quotas.entries()) {
    const row = quotas[index]!;
    if (!(await repository.resizeQuota(studyNo, row.id, { name: quota.name, capacity: quota.capacity })))
      return { ok: false, message: STUDY_ADMIN_TEXTS.quotaBelowFilled(quota.name, row.filled), field: `screener.quotas.${index}.capacity` };
  }
  return { ok: true };
}

/** The editor's definition as the rules take it: numbered in order, as rows would be. */
function asRules(definition: ScreenerDefinitionInput) {
  const questionIds = new Map(definition.questions.map((question, index) => [question.key, index + 1]));
  const optionIds = new Map<string, number>();
  let next = 1;
  for (const question of definition.questions)
    for (const option of question.options) optionIds.set(`${question.key}/${option.key}`, next++);
  const option = (question: string, key: string) => optionIds.get(`${question}/${key}`) ?? 0;
  const questions: ScreenerQuestion[] = definition.questions.map((question) => ({
    id: questionIds.get(question.key)!,
    ...limitsOf(question),
    showIf: question.showIf && {
      questionId: questionIds.get(question.showIf.question) ?? 0,
      optionIds: question.showIf.options.map((key) => option(question.showIf!.question, key)),
    },
    options: question.options.map((choice) => ({
      id: option(question.key, choice.key),
      label: choice.label,
      disqualifies: choice.disqualifies,
    })),
  }));
  const quotas: ScreenerQuota[] = definition.quotas.map((quota, index) => ({
    id: index + 1,
    name: quota.name,
    capacity: quota.capacity,
    filled: 0,
    conditions: quota.conditions.map((condition) => ({
      questionId: questionIds.get(condition.question) ?? 0,
      optionIds: condition.options && condition.options.map((key) => option(condition.question, key)),
      minValue: condition.minValue,
      maxValue: condition.maxValue,
    })),
  }));
  /** The preview's answers (option keys) as the tester's page sends them (option ids); unknown keys stay unknown to the rules. */
  function answersOf(given: PreviewAnswers): Answers {
    const answers: Answers = {};
    for (const [key, value] of Object.entries(given)) {
      const id = questionIds.get(key) ?? -1;
      if (typeof value === 'number') answers[id] = value;
      else if (Array.isArray(value)) answers[id] = value.map((choice) => option(key, choice) || -1);
      else {
        const kind = definition.questions.find((question) => question.key === key)?.kind;
        answers[id] = kind === 'single' ? option(key, value) || -1 : value;
      }
    }
    return answers;
  }
  const keyOf = new Map([...questionIds].map(([key, id]) => [id, key]));
  return { questions, quotas, answersOf, keyOf };
}

/**
 * The preview: the screener being edited, answered as a tester would. While answering, which questions
 * show and whether each given answer fits; on completion, the outcome the tester would meet.
 */
function previewScreener(definition: ScreenerDefinitionInput, given: PreviewAnswers, complete: boolean): PreviewScreenerResponse {
  const { questions, quotas, answersOf, keyOf } = asRules(definition);
  const answers = answersOf(given);
  const visible = visibleQuestions(questions, answers).map((question) => keyOf.get(question.id)!);
  const fieldKey = (field: string) => keyOf.get(Number(field.replace('answers.', ''))) ?? null;
  const base = { status: 'succeed' as const, visible, message: null, field: null, quota: null };
  if (!complete) {
    const checked = checkAnswers(questions, answers, false);
    return checked.ok
      ? { ...base, outcome: 'inProgress' }
      : { ...base, outcome: 'invalid', message: checked.message, field: fieldKey(checked.field) };
  }
  const verdict = screenerVerdict(questions, quotas, answers);
  if (verdict.kind === 'invalid') return { ...base, outcome: 'invalid', message: verdict.message, field: fieldKey(verdict.field) };
  if (verdict.kind === 'disqualified') return { ...base, outcome: 'disqualified', message: SCREENER_TEXTS.disqualified };
  return { ...base, outcome: 'qualified', quota: verdict.quota?.name ?? null };
}

/**
 * The staff's screener calls, handed to the studies module's staff side (study-admin) by app.ts:
 * studies reaches screening through this service, never by importing it (decision 083).
 */
export function createScreenerAdminService() {
  return {
    /** The study's screener in the editor's form, on the database or in the caller's unit of work. */
    definitionOf: (studyNo: number, db: Executor) => screenerDefinitionOf(db, studyNo),
    /** How many people started or finished the study's screener. */
    screeningsOf: (studyNo: number, db: Executor) => createScreeningRepository(db).countScreenings(studyNo),
    /** Writes the study's screener in the caller's unit of work (see writeScreener). */
    write: (studyNo: number, definition: ScreenerDefinitionInput | null, tx: Executor) => writeScreener(tx, studyNo, definition),
    preview: previewScreener,
  };
}

export type ScreenerAdminService = ReturnType<typeof createScreenerAdminService>;
