import { useEffect } from 'react';
import { useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { get } from 'react-hook-form';
import {
  createStudySchema,
  QUESTION_KIND_LABELS,
  STUDY_ADMIN_TEXTS,
  QUESTION_KINDS,
  screenerQuestion,
  type CreateStudyPayload,
  type ScreenerDefinitionInput,
  type ScreenerQuestionInput,
  type StudyFormOptions,
} from '@testerhub/shared/study-admin-schemas';
import { PARTICIPANT_TYPE_TEXTS, PROJECT_TYPE_TEXTS } from '@testerhub/shared/staff-words';
import { zoneLabel } from '@testerhub/shared/wall-clock';
import type { input } from 'zod/v4/core';
import { SelectField, TextField } from '../../components/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CollapsibleSection, useOpenSections, type OpenSectionsState } from '../shell/collapsible-section';
import { SubmitButton } from '../shell/staff-page-parts';
import { ScreenerPreview } from './screener-preview';
import { StudyAboutMePicker, NamedCodeField } from './study-form-choices';

export type StudyFormValues = input<typeof createStudySchema>;
type Form = UseFormReturn<StudyFormValues, unknown, CreateStudyPayload>;

/** An empty text field is no number (null); anything else the number typed. */
const toNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The zone a study's dates are typed and read in (decision 135): its test site's, or the company's for
 * an online-only study. The server reads a date sent with no zone on the same clock.
 */
export function studyTimeZone(options: StudyFormOptions, siteId: string | null | undefined): string {
  return options.sites.find((site) => site.id === siteId)?.timeZone ?? options.companyTimeZone;
}

/** What a study's date fields say of their zone: "Times are in Chicago time (CST, UTC−6), the test site's clock." */
export function studyTimesNote(options: StudyFormOptions, siteId: string | null | undefined): string {
  const timeZone = studyTimeZone(options, siteId);
  const whose = options.sites.some((site) => site.id === siteId) ? 'the test site’s clock' : 'the company’s clock (online study)';
  return `Times are in ${zoneLabel(timeZone)}, ${whose}.`;
}

/** The form's sections (decision 135) and the fields each holds: a refused field opens its section. */
export const STUDY_FORM_SECTIONS = [
  {
    id: 'study-section-basics',
    title: 'The study',
    fields: [
      'studyNo',
      'studyBasicInfo',
      'testerLabel',
      'colorName',
      'projectType',
      'participantTypeId',
      'siteId',
      'opensAt',
      'closesAt',
      'recruitTarget',
      'isWaitingList',
    ],
  },
  {
    id: 'study-section-who',
    title: 'Who may screen',
    fields: ['minimumAge', 'maximumAge', 'childMinimumAge', 'childMaximumAge', 'targetAnswerIds'],
  },
  {
    id: 'study-section-rewards',
    title: 'Rewards',
    fields: ['coinValue', 'screeningExp', 'scheduleCoins', 'scheduleExp', 'attendanceCoins', 'attendanceExp'],
  },
  {
    id: 'study-section-screener',
    title: 'Screener',
    fields: ['screenerKind', 'externalUrl', 'externalReturnSecret', 'shuffleOptions', 'screener'],
  },
] as const;
const sectionOf = (id: (typeof STUDY_FORM_SECTIONS)[number]['id']) => STUDY_FORM_SECTIONS.find((section) => section.id === id)!;

/** The sections holding a refused field (the form's own check or the server's). */
const sectionsWithErrors = (errors: FieldErrors<StudyFormValues>) =>
  STUDY_FORM_SECTIONS.filter((section) => section.fields.some((name) => get(errors, name) !== undefined)).map((section) => section.id);

let keyCounter = 0;
/** A key for a new question or option: opaque, unique within the form. */
const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(keyCounter++).toString(36)}`;

export const blankQuestion = (): ScreenerQuestionInput =>
  screenerQuestion(newKey('n'), {
    options: [
      { key: newKey('p'), label: '', disqualifies: false },
      { key: newKey('p'), label: '', disqualifies: false },
    ],
  });

/** The message the form holds at a path, or at its array's root. */
function errorAt(form: Form, name: string): string | null {
  const errors = form.formState.errors;
  const found = (get(errors, name) as { message?: string; root?: { message?: string } } | undefined) ?? undefined;
  return found?.message ?? found?.root?.message ?? null;
}

/** The About-me answers' problem: the list's (too many), or the server's at one id (`targetAnswerIds.2`: unknown). */
function answerIdsError(form: Form): string | null {
  const atIds = form.formState.errors.targetAnswerIds as unknown;
  const atOne = Array.isArray(atIds) ? (atIds as ({ message?: string } | undefined)[]).find((item) => item?.message)?.message : undefined;
  return errorAt(form, 'targetAnswerIds') ?? atOne ?? null;
}

/**
 * The study's form (decision 050): every field the tester side uses, the screener (hosted questions,
 * rules and quotas, with its preview) or an outside tool's address. Checked by the shared schema the
 * server checks with; the parent sends it.
 */
export function StudyForm({
  defaults,
  options,
  isNew,
  answeredCount,
  returnSecretEnding,
  busy,
  submitLabel,
  pendingLabel,
  onSubmit,
  bind,
  sectionsOpen,
  openSections,
}: {
  defaults: StudyFormValues;
  options: StudyFormOptions;
  isNew: boolean;
  answeredCount: number;
  /** The last 4 characters of the outside screener's return secret; null: none set (decision 077). */
  returnSecretEnding: string | null;
  busy: boolean;
  submitLabel: string;
  /** What the button says while `busy`. */
  pendingLabel: string;
  onSubmit: (payload: CreateStudyPayload) => void;
  /** Hands the parent the form, to mark the server's refusals on their fields. */
  bind?: (form: Form) => void;
  /** Whether every section starts open (a new study) or closed until the recruiter opens one. */
  sectionsOpen: boolean;
  /** The parent's open sections, kept when the form is made again after a save. */
  openSections?: OpenSectionsState;
}) {
  const form = useSchemaForm(createStudySchema, { defaultValues: defaults }) as unknown as Form & {
    field: (name: string) => ReturnType<Form['register']> & { error: string | null };
  };
  bind?.(form);
  const num = (name: string) => ({ ...form.register(name as never, { setValueAs: toNumber }), error: errorAt(form, name) });
  const field = (name: string) => ({ ...form.register(name as never), error: errorAt(form, name) });
  const kind = form.watch('screenerKind');
  // A value chosen in a picker rather than typed: checked again once the form was sent.
  const picked = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const sections = useOpenSections(sectionsOpen ? STUDY_FORM_SECTIONS.map((section) => section.id) : [], openSections);
  // A refusal in a closed section opens it, so its message is seen and its field reached.
  const erring = sectionsWithErrors(form.formState.errors);
  const erringKey = erring.join(' ');
  useEffect(() => {
    if (erringKey) sections.open(erringKey.split(' '));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reruns only when the set of sections with errors changes
  }, [erringKey]);
  const section = (id: (typeof STUDY_FORM_SECTIONS)[number]['id']) => ({
    id,
    title: sectionOf(id).title,
    open: sections.isOpen(id),
    onToggle: () => sections.toggle(id),
    className: 'study-section',
  });
  const siteId = form.watch('siteId');
  return (
    <form
      className="staff-form study-form"
      noValidate
      aria-label={isNew ? 'New study' : 'Edit study'}
      onSubmit={(event) => void form.handleSubmit((payload) => onSubmit(payload))(event)}
    >
      <CollapsibleSection {...section('study-section-basics')}>
        <TextField label="Study number" inputMode="numeric" readOnly={!isNew} {...num('studyNo')} />
        <TextField label="Name and basic information (what testers read)" {...field('studyBasicInfo')} />
        <TextField label="Tester label" hint="For example Adult, Teen and adult, Kids." {...field('testerLabel')} />
        <TextField label="Colour name" {...field('colorName')} />
        <NamedCodeField
          label="Project type"
          hint="Kid studies take children through a parent’s account."
          words={PROJECT_TYPE_TEXTS}
          value={form.watch('projectType')}
          error={errorAt(form, 'projectType')}
          onPick={(code) => form.setValue('projectType', code, picked)}
          number={{ label: 'Project type number', hint: 'From 1 to 999.', ...num('projectType') }}
        />
        <NamedCodeField
          label="Participant type"
          hint="Kids go through a parent’s account; teens and adults are asked who takes part."
          words={PARTICIPANT_TYPE_TEXTS}
          value={form.watch('participantTypeId')}
          error={errorAt(form, 'participantTypeId')}
          onPick={(code) => form.setValue('participantTypeId', code, picked)}
          number={{ label: 'Participant type number', hint: 'From 1 to 99.', ...num('participantTypeId') }}
        />
        <SelectField
          label="Test site"
          options={[{ value: '', label: 'Online only' }, ...options.sites.map((site) => ({ value: site.id, label: site.name }))]}
          {...form.register('siteId', { setValueAs: (value: string) => (value ? value : null) })}
          error={errorAt(form, 'siteId')}
        />
        <TextField label="Opens" type="datetime-local" hint={studyTimesNote(options, siteId)} {...field('opensAt')} />
        <TextField
          label="Closes"
          type="datetime-local"
          hint={`Leave empty to keep it open until someone closes it. ${studyTimesNote(options, siteId)}`}
          {...form.register('closesAt', { setValueAs: (value: string) => (value ? value : null) })}
          error={errorAt(form, 'closesAt')}
        />
        <TextField
          label="Recruit target"
          inputMode="numeric"
          hint="How many testers may qualify; empty for no limit."
          {...num('recruitTarget')}
        />
        <label className="staff-check">
          <input type="checkbox" {...form.register('isWaitingList')} /> Waiting-list study (qualified testers join the waiting list)
        </label>
      </CollapsibleSection>

      <CollapsibleSection {...section('study-section-who')}>
        <TextField label="Minimum age" inputMode="numeric" {...num('minimumAge')} />
        <TextField label="Maximum age" inputMode="numeric" hint="Empty for no upper age." {...num('maximumAge')} />
        <TextField label="Children’s minimum age (kid studies)" inputMode="numeric" {...num('childMinimumAge')} />
        <TextField label="Children’s maximum age (kid studies)" inputMode="numeric" {...num('childMaximumAge')} />
        <StudyAboutMePicker
          picked={form.watch('targetAnswerIds') ?? []}
          onChange={(answerIds) => form.setValue('targetAnswerIds', answerIds, picked)}
          error={answerIdsError(form)}
          site={siteId ? { id: siteId, name: options.sites.find((site) => site.id === siteId)?.name ?? null } : null}
        />
      </CollapsibleSection>

      <CollapsibleSection {...section('study-section-rewards')}>
        <TextField label="Coins for screening" inputMode="numeric" {...num('coinValue')} />
        <TextField label="Experience for screening" inputMode="numeric" {...num('screeningExp')} />
        <TextField label="Coins for scheduling" inputMode="numeric" {...num('scheduleCoins')} />
        <TextField label="Experience for scheduling" inputMode="numeric" {...num('scheduleExp')} />
        <TextField label="Coins for attending" inputMode="numeric" {...num('attendanceCoins')} />
        <TextField label="Experience for attending" inputMode="numeric" {...num('attendanceExp')} />
      </CollapsibleSection>

      <CollapsibleSection {...section('study-section-screener')}>
        <SelectField
          label="Screener kind"
          options={[
            { value: 'hosted', label: 'Hosted here (questions below)' },
            { value: 'external', label: 'An outside survey tool' },
          ]}
          {...field('screenerKind')}
        />
        {kind === 'external' ? (
          <>
            <TextField
              label="Outside screener address"
              type="url"
              hint={`https only, on an allowed host: ${options.screenerHosts.join(', ') || 'none yet'}.`}
              {...form.register('externalUrl', { setValueAs: (value: string) => (value ? value : null) })}
              error={errorAt(form, 'externalUrl') ?? errorAt(form, 'screener.questions')}
            />
            {returnSecretEnding === null && (
              <p className="staff-problem" data-testid="return-secret-missing">
                {STUDY_ADMIN_TEXTS.returnSecretMissing}
              </p>
            )}
            <TextField
              label="Return secret"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              hint={
                returnSecretEnding === null
                  ? 'At least 32 characters, shared with the survey partner only: it signs each tester’s return (docs/outside-screener-return.md). It is never shown again.'
                  : STUDY_ADMIN_TEXTS.returnSecretSet(returnSecretEnding)
              }
              {...form.register('externalReturnSecret', { setValueAs: (value: string) => (value ? value : null) })}
              error={errorAt(form, 'externalReturnSecret')}
            />
          </>
        ) : (
          <>
            {answeredCount > 0 && (
              <p className="staff-note">
                {answeredCount} tester(s) have answered this screener: you can reword questions, options and quota names and change quota
                sizes, but not add, remove or reorder anything.
              </p>
            )}
            <label className="staff-check">
              <input type="checkbox" {...form.register('shuffleOptions')} /> Shuffle the options for each tester
            </label>
            <Questions form={form} num={num} field={field} />
            <Quotas form={form} num={num} field={field} />
            <ScreenerPreview getScreener={() => form.getValues('screener') as ScreenerDefinitionInput} />
          </>
        )}
      </CollapsibleSection>
      <p>
        <SubmitButton pending={busy} label={submitLabel} pendingLabel={pendingLabel} />
      </p>
    </form>
  );
}

/** A problem of a group of fields (a list, a rule), announced where it is. */
function Problem({ message }: { message: string | null }) {
  return message ? (
    <p className="staff-problem" role="alert">
      {message}
    </p>
  ) : null;
}

type FieldProps = (name: string) => ReturnType<Form['register']> & { error: string | null };

function Questions({ form, num, field }: { form: Form; num: FieldProps; field: FieldProps }) {
  const questions = useFieldArray({ control: form.control, name: 'screener.questions', keyName: 'rowId' });
  return (
    <section aria-labelledby="questions-heading" className="study-questions">
      <h3 id="questions-heading">Questions</h3>
      <Problem message={errorAt(form, 'screener.questions')} />
      <ol className="study-list">
        {questions.fields.map((row, index) => (
          <li key={row.rowId} className="staff-card">
            <QuestionEditor form={form} index={index} num={num} field={field} />
            <button type="button" className="staff-button staff-button--quiet" onClick={() => questions.remove(index)}>
              Remove question {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="staff-button staff-button--quiet" onClick={() => questions.append(blankQuestion())}>
        Add a question
      </button>
    </section>
  );
}

function QuestionEditor({ form, index, num, field }: { form: Form; index: number; num: FieldProps; field: FieldProps }) {
  const at = `screener.questions.${index}` as const;
  const kind = form.watch(`${at}.kind`);
  const options = useFieldArray({ control: form.control, name: `${at}.options`, keyName: 'rowId' });
  const choice = kind === 'single' || kind === 'multiple';
  return (
    <fieldset className="study-fieldset">
      <legend>Question {index + 1}</legend>
      <TextField label={`Question ${index + 1} text`} {...field(`${at}.prompt`)} />
      <SelectField
        label="Answer kind"
        options={QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] }))}
        {...form.register(`${at}.kind`, {
          onChange: (event: { target: { value: string } }) => {
            const isChoice = event.target.value === 'single' || event.target.value === 'multiple';
            if (!isChoice) form.setValue(`${at}.options`, []);
            else if (form.getValues(`${at}.options`).length === 0)
              form.setValue(`${at}.options`, blankQuestion().options as StudyFormValues['screener']['questions'][number]['options']);
          },
        })}
        error={errorAt(form, `${at}.kind`)}
      />
      <label className="staff-check">
        <input type="checkbox" {...form.register(`${at}.required`)} /> An answer is required
      </label>
      {kind === 'multiple' && (
        <>
          <TextField label="Fewest choices" inputMode="numeric" {...num(`${at}.minChoices`)} />
          <TextField label="Most choices" inputMode="numeric" {...num(`${at}.maxChoices`)} />
        </>
      )}
      {kind === 'number' && (
        <>
          <TextField label="Lowest number accepted" inputMode="numeric" {...num(`${at}.minValue`)} />
          <TextField label="Highest number accepted" inputMode="numeric" {...num(`${at}.maxValue`)} />
          <TextField label="Qualifies from (disqualified below)" inputMode="numeric" {...num(`${at}.qualifyMin`)} />
          <TextField label="Qualifies up to (disqualified above)" inputMode="numeric" {...num(`${at}.qualifyMax`)} />
        </>
      )}
      {kind === 'text' && <TextField label="Longest answer (characters)" inputMode="numeric" {...num(`${at}.maxLength`)} />}
      {choice && (
        <div className="study-options">
          <Problem message={errorAt(form, `${at}.options`)} />
          {options.fields.map((row, optionIndex) => (
            <div key={row.rowId} className="study-option">
              <TextField label={`Option ${optionIndex + 1}`} {...field(`${at}.options.${optionIndex}.label`)} />
              <label className="staff-check">
                <input type="checkbox" {...form.register(`${at}.options.${optionIndex}.disqualifies`)} /> Disqualifies
              </label>
              <button type="button" className="staff-button staff-button--quiet" onClick={() => options.remove(optionIndex)}>
                Remove option {optionIndex + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="staff-button staff-button--quiet"
            onClick={() => options.append({ key: newKey('p'), label: '', disqualifies: false })}
          >
            Add an option
          </button>
        </div>
      )}
      <ShowIfEditor form={form} index={index} />
    </fieldset>
  );
}

/** "Show only if": an earlier choice question and which of its options. */
function ShowIfEditor({ form, index }: { form: Form; index: number }) {
  const at = `screener.questions.${index}.showIf` as const;
  const questions = form.watch('screener.questions');
  const rule = form.watch(at);
  const earlier = questions.slice(0, index).filter((question) => question.kind === 'single' || question.kind === 'multiple');
  const target = earlier.find((question) => question.key === rule?.question);
  const label = (question: (typeof questions)[number]) =>
    `Question ${questions.indexOf(question) + 1}: ${question.prompt || '(no text yet)'}`;
  return (
    <div className="study-rule">
      <SelectField
        label="Show this question"
        value={rule?.question ?? ''}
        options={[
          { value: '', label: 'Always' },
          ...earlier.map((question) => ({ value: question.key, label: `Only after ${label(question)}` })),
        ]}
        onChange={(event) =>
          form.setValue(at, event.target.value ? { question: event.target.value, options: [] } : null, { shouldDirty: true })
        }
        error={errorAt(form, `${at}.question`)}
      />
      {target && (
        <OptionPicks
          legend="…when the answer holds one of"
          options={target.options}
          picked={rule?.options ?? []}
          onChange={(picked) => form.setValue(at, { question: target.key, options: picked }, { shouldDirty: true })}
          error={errorAt(form, `${at}.options`)}
        />
      )}
    </div>
  );
}

function OptionPicks({
  legend,
  options,
  picked,
  onChange,
  error,
}: {
  legend: string;
  options: { key: string; label: string }[];
  picked: string[];
  onChange: (picked: string[]) => void;
  error: string | null;
}) {
  return (
    <fieldset className="study-picks">
      <legend>{legend}</legend>
      {options.map((option, index) => (
        <label key={option.key} className="staff-check">
          <input
            type="checkbox"
            checked={picked.includes(option.key)}
            onChange={(event) => onChange(event.target.checked ? [...picked, option.key] : picked.filter((key) => key !== option.key))}
          />{' '}
          {option.label || `Option ${index + 1}`}
        </label>
      ))}
      <Problem message={error} />
    </fieldset>
  );
}

function Quotas({ form, num, field }: { form: Form; num: FieldProps; field: FieldProps }) {
  const quotas = useFieldArray({ control: form.control, name: 'screener.quotas', keyName: 'rowId' });
  return (
    <section aria-labelledby="quotas-heading" className="study-questions">
      <h3 id="quotas-heading">Quotas</h3>
      <p className="form-field__hint">
        A tester who qualifies counts in the first quota whose conditions all hold; with quotas, one that matches none is not a match. With
        a recruit target, the quotas must add up to it.
      </p>
      <Problem message={errorAt(form, 'screener.quotas')} />
      <ol className="study-list">
        {quotas.fields.map((row, index) => (
          <li key={row.rowId} className="staff-card">
            <fieldset className="study-fieldset">
              <legend>Quota {index + 1}</legend>
              <TextField label={`Quota ${index + 1} name`} {...field(`screener.quotas.${index}.name`)} />
              <TextField label="Size" inputMode="numeric" {...num(`screener.quotas.${index}.capacity`)} />
              <Conditions form={form} index={index} num={num} />
            </fieldset>
            <button type="button" className="staff-button staff-button--quiet" onClick={() => quotas.remove(index)}>
              Remove quota {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="staff-button staff-button--quiet"
        onClick={() =>
          quotas.append({ name: '', capacity: 1, conditions: [{ question: '', options: null, minValue: null, maxValue: null }] })
        }
      >
        Add a quota
      </button>
    </section>
  );
}

function Conditions({ form, index, num }: { form: Form; index: number; num: FieldProps }) {
  const at = `screener.quotas.${index}.conditions` as const;
  const conditions = useFieldArray({ control: form.control, name: at, keyName: 'rowId' });
  const questions = form.watch('screener.questions');
  const values = form.watch(at);
  return (
    <div className="study-options">
      <Problem message={errorAt(form, at)} />
      {conditions.fields.map((row, conditionIndex) => {
        const condition = values[conditionIndex];
        const question = questions.find((candidate) => candidate.key === condition?.question);
        const here = `${at}.${conditionIndex}` as const;
        return (
          <div key={row.rowId} className="study-option">
            <SelectField
              label={`Condition ${conditionIndex + 1}: question`}
              value={condition?.question ?? ''}
              placeholder="Choose a question"
              options={questions
                .filter((candidate) => candidate.kind !== 'text' && candidate.kind !== 'date')
                .map((candidate) => ({
                  value: candidate.key,
                  label: `Question ${questions.indexOf(candidate) + 1}: ${candidate.prompt || '(no text yet)'}`,
                }))}
              onChange={(event) => {
                const chosen = questions.find((candidate) => candidate.key === event.target.value);
                form.setValue(
                  here,
                  { question: event.target.value, options: chosen?.kind === 'number' ? null : [], minValue: null, maxValue: null },
                  { shouldDirty: true },
                );
              }}
              error={errorAt(form, `${here}.question`)}
            />
            {question && question.kind === 'number' && (
              <>
                <TextField label="From" inputMode="numeric" {...num(`${here}.minValue`)} />
                <TextField label="To" inputMode="numeric" {...num(`${here}.maxValue`)} />
              </>
            )}
            {question && question.kind !== 'number' && (
              <OptionPicks
                legend="The answer holds one of"
                options={question.options}
                picked={condition?.options ?? []}
                onChange={(picked) => form.setValue(`${here}.options`, picked, { shouldDirty: true })}
                error={errorAt(form, `${here}.options`)}
              />
            )}
            <button type="button" className="staff-button staff-button--quiet" onClick={() => conditions.remove(conditionIndex)}>
              Remove condition {conditionIndex + 1}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="staff-button staff-button--quiet"
        onClick={() => conditions.append({ question: '', options: null, minValue: null, maxValue: null })}
      >
        Add a condition
      </button>
    </div>
  );
}
