import { useId, useState, type ComponentProps } from 'react';
import { namedCode } from '@testerhub/shared/staff-words';
import { SelectField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useInvitationOptions } from '../api/invitations';

/** The select's value for a code no name covers: the number is typed instead. */
const OTHER = 'other';

const isNamed = (words: Record<number, string>, value: unknown): value is number =>
  typeof value === 'number' && Object.hasOwn(words, value);

/**
 * A numbered code picked by name (issue 29: staff typed project and participant type numbers), with
 * "Other (number)" for a code no name covers, so a stored code is never lost: a study holding one
 * opens with Other chosen and its number shown.
 */
export function NamedCodeField({
  label,
  hint,
  words,
  value,
  error,
  onPick,
  number,
}: {
  label: string;
  hint: string;
  words: Record<number, string>;
  value: unknown;
  error: string | null;
  /** A named code chosen: the form's value becomes it. */
  onPick: (code: number) => void;
  /** The number field shown with Other, bound to the same form value (label, registration, error). */
  number: ComponentProps<typeof TextField>;
}) {
  const [other, setOther] = useState(() => !isNamed(words, value));
  const options = Object.keys(words).map((code) => ({ value: code, label: namedCode(words, Number(code)) }));
  return (
    <>
      <SelectField
        label={label}
        hint={hint}
        value={other ? OTHER : String(value)}
        options={[...options, { value: OTHER, label: 'Other (number)' }]}
        onChange={(event) => {
          const picked = event.target.value;
          setOther(picked === OTHER);
          if (picked !== OTHER) onPick(Number(picked));
        }}
        error={other ? null : error}
      />
      {other && <TextField inputMode="numeric" {...number} />}
    </>
  );
}

type AboutMeAnswer = { answerId: number; question: string; answer: string };

/** The About-me answers under their questions, in the order the server lists them. */
function byQuestion(answers: readonly AboutMeAnswer[]) {
  const groups = new Map<string, AboutMeAnswer[]>();
  for (const answer of answers) groups.set(answer.question, [...(groups.get(answer.question) ?? []), answer]);
  return [...groups].map(([question, held]) => ({ question, answers: held }));
}

/**
 * The About-me answers a tester must hold to see the study, ticked under their questions (issue 29:
 * staff typed answer ids). The list is the one the invitation form reads (recruiter role, as this
 * form); the ids go to the server as before, which still checks them. An answer held but no longer
 * offered (its question set made inactive) stays shown, so it can be unticked.
 */
export function AboutMePicker({
  picked,
  onChange,
  error,
}: {
  picked: readonly number[];
  onChange: (answerIds: number[]) => void;
  error: string | null;
}) {
  const id = useId();
  const options = useInvitationOptions();
  const offered = options.data?.answers ?? [];
  const unlisted = options.data ? picked.filter((answerId) => !offered.some((answer) => answer.answerId === answerId)) : [];
  const listed = [...offered.map((answer) => answer.answerId), ...unlisted];
  const toggle = (answerId: number, on: boolean) =>
    onChange(on ? listed.filter((known) => known === answerId || picked.includes(known)) : picked.filter((held) => held !== answerId));
  const box = (answerId: number, text: string) => (
    <label key={answerId} className="staff-check">
      <input type="checkbox" checked={picked.includes(answerId)} onChange={(event) => toggle(answerId, event.target.checked)} /> {text}
    </label>
  );
  return (
    <fieldset className="study-picks" aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend>About-me answers required</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        Only testers holding every answer ticked see the study. None ticked: every tester.
      </p>
      {options.isPending && <p aria-busy="true">Loading the About-me answers…</p>}
      {options.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(options.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void options.refetch()}>
            Try again
          </button>
        </div>
      )}
      {options.data && listed.length === 0 && <p>There are no About-me answers yet.</p>}
      {byQuestion(offered).map((group) => (
        <fieldset key={group.question} className="staff-roles">
          <legend>{group.question}</legend>
          {group.answers.map((answer) => box(answer.answerId, answer.answer))}
        </fieldset>
      ))}
      {unlisted.length > 0 && (
        <fieldset className="staff-roles">
          <legend>No longer offered to testers</legend>
          {unlisted.map((answerId) => box(answerId, `Answer ${answerId}`))}
        </fieldset>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
