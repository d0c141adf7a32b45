import { z } from 'zod';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';
import { quotaFillSchema } from './quota-fill.ts';

/**
 * Studies and their hosted screeners in the staff console (issue 12 section 2; decision 050): the
 * recruiter's form, the server's check of it (one schema), the screener preview and the list.
 * Under /api/staff/studies in the spec's style.
 */

export const QUESTION_KINDS = ['single', 'multiple', 'number', 'text', 'date'] as const;
export type QuestionKindName = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKindName, string> = {
  single: 'One choice',
  multiple: 'Several choices',
  number: 'Number',
  text: 'Short text',
  date: 'Date',
};
export const SCREENER_KINDS = ['hosted', 'external'] as const;
export const STUDY_LIST_STATUSES = ['open', 'closed', 'all'] as const;
export type StudyListStatus = (typeof STUDY_LIST_STATUSES)[number];

/** The secret an outside screener signs its returns with (decision 077): long enough that it cannot be guessed. */
export const RETURN_SECRET_LIMITS = { min: 32, max: 200 } as const;

export const STUDY_LIMITS = { questions: 50, options: 30, quotas: 20, targets: 20, credit: 100_000, text: 500 } as const;

export const STUDY_ADMIN_TEXTS = {
  invalidCharacters: 'Remove the characters this field cannot hold.',
  required: 'This field is required.',
  studyNo: 'Enter a study number from 1 to 2147483647.',
  wholeNumber: 'Enter a whole number.',
  notNegative: 'Enter 0 or more.',
  tooLarge: (max: number) => `Enter at most ${max}.`,
  tooLong: (max: number) => `Use at most ${max} characters.`,
  date: 'Enter a date and time.',
  ageRange: 'The maximum age must not be below the minimum age.',
  childAgeRange: 'Child ages run from 0 to 17, the maximum not below the minimum.',
  closesAfterOpens: 'The study must close after it opens.',
  externalUrl: 'Enter the outside screener’s https address.',
  externalHasNoQuestions: 'An outside screener has no hosted questions: remove them or choose the hosted screener.',
  hostedNeedsQuestions: 'Add at least one question to the hosted screener.',
  tooManyQuestions: `Use at most ${STUDY_LIMITS.questions} questions.`,
  duplicateKey: 'Two items share this key.',
  key: 'Keys use letters, digits, - and _ (at most 40).',
  needsOptions: 'A choice question needs at least two options.',
  noOptions: 'Only choice questions have options.',
  choicesRange: 'Choices: the minimum must not be above the maximum nor the number of options.',
  valueRange: 'The lowest number must not be above the highest.',
  qualifyRange: 'The qualifying range’s lowest number must not be above its highest.',
  showIfEarlier: 'A question can depend only on an earlier choice question.',
  showIfOptions: 'Choose at least one option of that question.',
  unknownOption: 'This option is not one of that question’s.',
  conditionQuestion: 'Choose a question of this screener.',
  conditionNeedsRule: 'Choose options (choice question) or a number range (number question).',
  conditionRangeOnNumber: 'A number range applies to number questions only.',
  quotaNeedsCondition: 'A quota needs at least one condition.',
  quotaName: 'Two quotas share this name.',
  quotasAddUp: (sum: number, target: number) => `The quotas add up to ${sum}, but the study recruits ${target}: make them equal.`,
  unknownSite: 'Choose a test site of the list, or online only.',
  unknownTarget: 'This About-me answer does not exist.',
  hostNotAllowed: 'This address is not on an allowed https host of outside screeners.',
  returnSecretLength: `The return secret needs ${RETURN_SECRET_LIMITS.min} to ${RETURN_SECRET_LIMITS.max} characters.`,
  returnSecretCharacters: 'The return secret uses letters, digits and visible symbols only, without spaces.',
  returnSecretMissing:
    'No return secret is set: testers coming back from the outside screener get no coins and cannot schedule until one is set. Agree one with the survey partner and enter it here.',
  returnSecretSet: (ending: string) =>
    `A return secret is set (it ends in …${ending}). Type a new one to replace it, or leave this empty to keep it.`,
  // Outcomes of the calls.
  created: 'The study was created.',
  saved: 'The study was saved.',
  opened: 'The study is open.',
  closed: 'The study is closed.',
  studyNoTaken: 'A study with this number already exists.',
  notFound: 'This study does not exist.',
  changedSinceOpened: 'This study was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
  screenerAnswered: (count: number) =>
    `${count} tester(s) have already answered this screener: you can change the wording of questions, options and quota names, and quota sizes, but not add, remove or reorder questions, options, rules or quotas.`,
  quotaBelowFilled: (name: string, filled: number) => `Quota “${name}” already holds ${filled}: its size cannot be below that.`,
  targetBelowQualified: (qualified: number) => `${qualified} tester(s) have already qualified: the recruit target cannot be below that.`,
  previewNotHosted: 'Only a hosted screener can be previewed.',
} as const;

const T = STUDY_ADMIN_TEXTS;
const int = (min: number, max: number) =>
  z
    .number({ error: T.wholeNumber })
    .int(T.wholeNumber)
    .min(min, min === 0 ? T.notNegative : `Enter at least ${min}.`)
    .max(max, T.tooLarge(max));
const credit = int(0, STUDY_LIMITS.credit);
const words = (max: number) => text(T.invalidCharacters, { error: T.required }).trim().min(1, T.required).max(max, T.tooLong(max));
const key = text(T.invalidCharacters, { error: T.required }).regex(/^[A-Za-z0-9_-]{1,40}$/, T.key);
const instant = text(T.invalidCharacters, { error: T.date }).refine((value) => !Number.isNaN(Date.parse(value)), T.date);
const optionalInt = (min: number, max: number) => int(min, max).nullable();

export const screenerOptionSchema = z.object({ key, label: words(200), disqualifies: z.boolean() });
export const screenerQuestionSchema = z.object({
  key,
  kind: z.enum(QUESTION_KINDS),
  prompt: words(STUDY_LIMITS.text),
  required: z.boolean(),
  minChoices: optionalInt(0, STUDY_LIMITS.options),
  maxChoices: optionalInt(1, STUDY_LIMITS.options),
  minValue: optionalInt(-1_000_000, 1_000_000),
  maxValue: optionalInt(-1_000_000, 1_000_000),
  maxLength: optionalInt(1, 2000),
  qualifyMin: optionalInt(-1_000_000, 1_000_000),
  qualifyMax: optionalInt(-1_000_000, 1_000_000),
  showIf: z.object({ question: key, options: z.array(key).max(STUDY_LIMITS.options) }).nullable(),
  options: z.array(screenerOptionSchema).max(STUDY_LIMITS.options, `Use at most ${STUDY_LIMITS.options} options.`),
});
export const quotaConditionSchema = z.object({
  question: key,
  options: z.array(key).max(STUDY_LIMITS.options).nullable(),
  minValue: optionalInt(-1_000_000, 1_000_000),
  maxValue: optionalInt(-1_000_000, 1_000_000),
});
export const screenerQuotaSchema = z.object({
  name: words(100),
  capacity: int(1, 100_000),
  conditions: z.array(quotaConditionSchema).max(10),
});
export const screenerDefinitionSchema = z.object({
  questions: z.array(screenerQuestionSchema).max(STUDY_LIMITS.questions, T.tooManyQuestions),
  quotas: z.array(screenerQuotaSchema).max(STUDY_LIMITS.quotas, `Use at most ${STUDY_LIMITS.quotas} quotas.`),
});
export type ScreenerQuestionInput = z.infer<typeof screenerQuestionSchema>;
export type ScreenerQuotaInput = z.infer<typeof screenerQuotaSchema>;
export type ScreenerDefinitionInput = z.infer<typeof screenerDefinitionSchema>;

type Issue = { path: (string | number)[]; message: string };

/** The definition's integrity: keys unique, rules pointing at earlier questions and their options, ranges in order. */
export function screenerIssues(definition: ScreenerDefinitionInput): Issue[] {
  const issues: Issue[] = [];
  const byKey = new Map<string, ScreenerQuestionInput>();
  const isChoice = (question: ScreenerQuestionInput | undefined) => question?.kind === 'single' || question?.kind === 'multiple';
  definition.questions.forEach((question, index) => {
    const at = (...path: (string | number)[]) => ['questions', index, ...path];
    if (byKey.has(question.key)) issues.push({ path: at('key'), message: T.duplicateKey });
    const optionKeys = new Set<string>();
    question.options.forEach((option, optionIndex) => {
      if (optionKeys.has(option.key)) issues.push({ path: at('options', optionIndex, 'key'), message: T.duplicateKey });
      optionKeys.add(option.key);
    });
    if (isChoice(question) && question.options.length < 2) issues.push({ path: at('options'), message: T.needsOptions });
    if (!isChoice(question) && question.options.length > 0) issues.push({ path: at('options'), message: T.noOptions });
    if (question.kind === 'multiple') {
      const min = question.minChoices ?? 1;
      const max = question.maxChoices ?? question.options.length;
      if (min > max || max > question.options.length) issues.push({ path: at('maxChoices'), message: T.choicesRange });
    }
    if (question.minValue !== null && question.maxValue !== null && question.minValue > question.maxValue)
      issues.push({ path: at('maxValue'), message: T.valueRange });
    if (question.qualifyMin !== null && question.qualifyMax !== null && question.qualifyMin > question.qualifyMax)
      issues.push({ path: at('qualifyMax'), message: T.qualifyRange });
    if (question.showIf) {
      const target = byKey.get(question.showIf.question);
      if (!target || !isChoice(target)) issues.push({ path: at('showIf', 'question'), message: T.showIfEarlier });
      else if (question.showIf.options.length === 0) issues.push({ path: at('showIf', 'options'), message: T.showIfOptions });
      else if (question.showIf.options.some((option) => !target.options.some((held) => held.key === option)))
        issues.push({ path: at('showIf', 'options'), message: T.unknownOption });
    }
    byKey.set(question.key, question);
  });
  const names = new Set<string>();
  definition.quotas.forEach((quota, index) => {
    if (names.has(quota.name)) issues.push({ path: ['quotas', index, 'name'], message: T.quotaName });
    names.add(quota.name);
    if (quota.conditions.length === 0) issues.push({ path: ['quotas', index, 'conditions'], message: T.quotaNeedsCondition });
    quota.conditions.forEach((condition, conditionIndex) => {
      const at = (field: string) => ['quotas', index, 'conditions', conditionIndex, field];
      const question = byKey.get(condition.question);
      const ranged = condition.minValue !== null || condition.maxValue !== null;
      if (!question) issues.push({ path: at('question'), message: T.conditionQuestion });
      else if (!condition.options?.length && !ranged) issues.push({ path: at('options'), message: T.conditionNeedsRule });
      else if (
        condition.options?.length &&
        (!isChoice(question) || condition.options.some((o) => !question.options.some((h) => h.key === o)))
      )
        issues.push({ path: at('options'), message: T.unknownOption });
      else if (ranged && question.kind !== 'number') issues.push({ path: at('minValue'), message: T.conditionRangeOnNumber });
      else if (condition.minValue !== null && condition.maxValue !== null && condition.minValue > condition.maxValue)
        issues.push({ path: at('maxValue'), message: T.valueRange });
    });
  });
  return issues;
}

/** Every field of a study the tester side uses (issue 9 section 1), and its screener. */
export const studyFieldsSchema = z.object({
  studyNo: int(1, INTEGER_COLUMN_MAX),
  projectType: int(1, 999),
  participantTypeId: int(1, 99),
  minimumAge: int(0, 120),
  maximumAge: optionalInt(0, 120),
  childMinimumAge: optionalInt(0, 17),
  childMaximumAge: optionalInt(0, 17),
  isWaitingList: z.boolean(),
  colorName: words(30),
  testerLabel: words(60),
  studyBasicInfo: words(STUDY_LIMITS.text),
  coinValue: credit,
  screeningExp: credit,
  scheduleCoins: credit,
  scheduleExp: credit,
  attendanceCoins: credit,
  attendanceExp: credit,
  /** A test site's id, or null for an online-only study. */
  siteId: text(T.invalidCharacters).max(20).nullable(),
  opensAt: instant,
  closesAt: instant.nullable(),
  recruitTarget: optionalInt(1, 1_000_000),
  shuffleOptions: z.boolean(),
  /** About-me answers a tester must hold to see the study. */
  targetAnswerIds: z.array(int(1, INTEGER_COLUMN_MAX)).max(STUDY_LIMITS.targets),
  screenerKind: z.enum(SCREENER_KINDS),
  externalUrl: text(T.invalidCharacters).max(2000, T.tooLong(2000)).nullable(),
  screener: screenerDefinitionSchema,
});
export type StudyFields = z.infer<typeof studyFieldsSchema>;

function studyIssues(study: StudyFields): Issue[] {
  const issues: Issue[] = [];
  if (study.maximumAge !== null && study.maximumAge < study.minimumAge) issues.push({ path: ['maximumAge'], message: T.ageRange });
  if (study.childMaximumAge !== null && study.childMaximumAge < (study.childMinimumAge ?? 0))
    issues.push({ path: ['childMaximumAge'], message: T.childAgeRange });
  if (study.closesAt !== null && Date.parse(study.closesAt) <= Date.parse(study.opensAt))
    issues.push({ path: ['closesAt'], message: T.closesAfterOpens });
  if (study.screenerKind === 'external') {
    if (!study.externalUrl || !/^https:\/\/[^\s/]+/i.test(study.externalUrl))
      issues.push({ path: ['externalUrl'], message: T.externalUrl });
    if (study.screener.questions.length || study.screener.quotas.length)
      issues.push({ path: ['screener', 'questions'], message: T.externalHasNoQuestions });
  } else {
    if (study.screener.questions.length === 0) issues.push({ path: ['screener', 'questions'], message: T.hostedNeedsQuestions });
    issues.push(...screenerIssues(study.screener).map((issue) => ({ ...issue, path: ['screener', ...issue.path] })));
    const sum = study.screener.quotas.reduce((total, quota) => total + quota.capacity, 0);
    if (study.recruitTarget !== null && study.screener.quotas.length > 0 && sum !== study.recruitTarget)
      issues.push({ path: ['screener', 'quotas'], message: T.quotasAddUp(sum, study.recruitTarget) });
  }
  return issues;
}

const reportIssues =
  <V>(find: (value: V) => Issue[]) =>
  (value: V, ctx: z.RefinementCtx) => {
    for (const issue of find(value)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  };

/**
 * The outside screener's return secret as staff type it (decision 077): write-only, never sent back.
 * Null or left out keeps the secret already set; only an outside screener's study stores one.
 */
export const returnSecretSchema = text(T.returnSecretCharacters)
  .min(RETURN_SECRET_LIMITS.min, T.returnSecretLength)
  .max(RETURN_SECRET_LIMITS.max, T.returnSecretLength)
  .regex(/^[\x21-\x7e]+$/, T.returnSecretCharacters);

/** What the form sends: the fields, and a new return secret when staff typed one. */
const studyFormSchema = studyFieldsSchema.extend({ externalReturnSecret: returnSecretSchema.nullable().optional() });

/** The form and POST /api/staff/studies/CreateStudy: every field and the screener, checked whole. */
export const createStudySchema = studyFormSchema.superRefine(reportIssues(studyIssues));
export type CreateStudyPayload = z.infer<typeof createStudySchema>;

/** POST /api/staff/studies/SaveStudy: the same, with the version the recruiter opened (optimistic check). */
export const saveStudySchema = studyFormSchema
  .extend({ version: int(1, INTEGER_COLUMN_MAX) })
  .superRefine(reportIssues((value: StudyFields) => studyIssues(value)));
export type SaveStudyPayload = z.infer<typeof saveStudySchema>;

/** POST /api/staff/studies/SetOpen: open now, or close now. */
export const setStudyOpenSchema = z.object({ studyNo: int(1, INTEGER_COLUMN_MAX), version: int(1, INTEGER_COLUMN_MAX), open: z.boolean() });
export type SetStudyOpenPayload = z.infer<typeof setStudyOpenSchema>;

export const studyChangeResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), message: z.string(), studyNo: z.number().int(), version: z.number().int() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type StudyChangeResponse = z.infer<typeof studyChangeResponseSchema>;

/** An answer in the preview: an option key (one choice), option keys (several), a number, or text. */
const previewAnswer = z.union([key, z.array(key).max(STUDY_LIMITS.options), z.number(), text(T.invalidCharacters).max(2000)]);

/** POST /api/staff/studies/PreviewScreener: the screener being edited, answered as a tester would. */
export const previewScreenerSchema = z.object({
  screener: screenerDefinitionSchema.superRefine(reportIssues(screenerIssues)),
  answers: z.record(key, previewAnswer),
  /** true: as the final "Finish" (required answers enforced, outcome decided); false: just which questions show. */
  complete: z.boolean(),
});
export type PreviewScreenerPayload = z.infer<typeof previewScreenerSchema>;
export type PreviewAnswers = PreviewScreenerPayload['answers'];

export const PREVIEW_OUTCOMES = ['qualified', 'disqualified', 'invalid', 'inProgress'] as const;
export const previewScreenerResponseSchema = z.object({
  status: z.literal('succeed'),
  outcome: z.enum(PREVIEW_OUTCOMES),
  /** The questions a tester would now see, in order. */
  visible: z.array(z.string()),
  /** What the tester would be told (disqualified), or the problem (invalid). */
  message: z.string().nullable(),
  /** invalid: the question key the problem is about. */
  field: z.string().nullable(),
  /** qualified: the quota the tester would count in. */
  quota: z.string().nullable(),
});
export type PreviewScreenerResponse = z.infer<typeof previewScreenerResponseSchema>;

export const studyListQuerySchema = z.object({
  status: z.enum(STUDY_LIST_STATUSES).default('open'),
  q: text(T.invalidCharacters).trim().max(100, T.tooLong(100)).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StudyListQuery = z.infer<typeof studyListQuerySchema>;
export const STUDY_LIST_PAGE_SIZE = 25;

export const STUDY_STATES = ['open', 'upcoming', 'closed'] as const;
export type StudyState = (typeof STUDY_STATES)[number];
export const STUDY_STATE_LABELS: Record<StudyState, string> = { open: 'Open', upcoming: 'Opens later', closed: 'Closed' };

export const studyListResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number().int(),
  hasMore: z.boolean(),
  studies: z.array(
    z.object({
      studyNo: z.number().int(),
      studyBasicInfo: z.string(),
      colorName: z.string(),
      state: z.enum(STUDY_STATES),
      opensAt: z.string(),
      closesAt: z.string().nullable(),
      screenerKind: z.enum(SCREENER_KINDS),
      qualifiedCount: z.number().int(),
      recruitTarget: z.number().int().nullable(),
    }),
  ),
});
export type StudyListResponse = z.infer<typeof studyListResponseSchema>;

export const studyDetailResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeed'),
    study: studyFieldsSchema.extend({
      version: z.number().int(),
      state: z.enum(STUDY_STATES),
      qualifiedCount: z.number().int(),
      /** How many screenings (started or finished) the hosted screener has: above 0, only its wording may change. */
      answeredCount: z.number().int(),
      /** The last 4 characters of the outside screener's return secret, or null when none is set (decision 077). */
      externalReturnSecretEnding: z.string().nullable(),
      /** Each screener quota's fill, in order. */
      quotaFill: z.array(quotaFillSchema),
    }),
  }),
  z.object({ status: z.literal('failed'), message: z.string() }),
]);
export type StudyDetailResponse = z.infer<typeof studyDetailResponseSchema>;
export type StudyDetail = Extract<StudyDetailResponse, { status: 'succeed' }>['study'];

/** The test sites a study may be held at (the form's list). */
export const studyFormOptionsResponseSchema = z.object({
  status: z.literal('succeed'),
  /** Each site's IANA zone: a study held there is typed and read on its clock (decision 135). */
  sites: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
  screenerHosts: z.array(z.string()),
  /** The company's zone: an online-only study's dates are on its clock. */
  companyTimeZone: z.string(),
});
export type StudyFormOptions = z.infer<typeof studyFormOptionsResponseSchema>;

/** Whether a study is open at `now`, opens later, or is closed. */
export function studyState(study: { opensAt: string | Date; closesAt: string | Date | null }, now: Date): StudyState {
  const opens = new Date(study.opensAt).getTime();
  const closes = study.closesAt === null ? null : new Date(study.closesAt).getTime();
  if (closes !== null && closes <= now.getTime()) return 'closed';
  return opens <= now.getTime() ? 'open' : 'upcoming';
}

/** A screener question with no limits, rules or options yet: the editor's new question, and tests' base. */
export const screenerQuestion = (key: string, fields: Partial<ScreenerQuestionInput> = {}): ScreenerQuestionInput => ({
  key,
  kind: 'single',
  prompt: '',
  required: true,
  minChoices: null,
  maxChoices: null,
  minValue: null,
  maxValue: null,
  maxLength: null,
  qualifyMin: null,
  qualifyMax: null,
  showIf: null,
  options: [],
  ...fields,
});

/** A new study's fields before the recruiter fills in the rest: adults, online only, hosted screener, no limits. */
export const NEW_STUDY_DEFAULTS = {
  projectType: 1,
  participantTypeId: 4,
  minimumAge: 18,
  maximumAge: null,
  childMinimumAge: null,
  childMaximumAge: null,
  isWaitingList: false,
  testerLabel: 'Adult',
  coinValue: 50,
  screeningExp: 10,
  scheduleCoins: 0,
  scheduleExp: 0,
  attendanceCoins: 0,
  attendanceExp: 0,
  siteId: null,
  closesAt: null,
  recruitTarget: null,
  shuffleOptions: false,
  targetAnswerIds: [],
  screenerKind: 'hosted',
  externalUrl: null,
} as const satisfies Partial<StudyFields>;
