import { useId, useState, type ReactNode } from 'react';
import { TextField } from '../../components/form-field';

export type AboutMeAnswer = { answerId: number; question: string; answer: string };

/** The About-me answers under their questions, in the order the server lists them. */
function byQuestion(answers: readonly AboutMeAnswer[]) {
  const groups = new Map<string, AboutMeAnswer[]>();
  for (const answer of answers) groups.set(answer.question, [...(groups.get(answer.question) ?? []), answer]);
  return [...groups].map(([question, held]) => ({ question, answers: held }));
}

/** The groups a search leaves: a question that matches keeps all its answers; otherwise only the answers that match. */
function matching(groups: ReturnType<typeof byQuestion>, search: string) {
  const words = search.trim().toLocaleLowerCase();
  if (words === '') return groups;
  const has = (text: string) => text.toLocaleLowerCase().includes(words);
  return groups.flatMap((group) => {
    if (has(group.question)) return [group];
    const answers = group.answers.filter((answer) => has(answer.answer));
    return answers.length > 0 ? [{ ...group, answers }] : [];
  });
}

/**
 * About-me answers picked by question and answer (issue 29: 60+ answers in one flat list, or ids
 * typed with commas): the answers grouped under their questions, a search box that narrows questions
 * and answers, and the chosen ones as removable chips. One component for the invitation filters and
 * the study form. An answer chosen but no longer offered (its question set made inactive) stays
 * shown, so it can be removed.
 */
export function AboutMePicker({
  legend,
  hint,
  answers,
  picked,
  onChange,
  error,
  notice,
}: {
  /** Shown instead of the answers while they load or after they failed (a message, Try again). */
  notice?: ReactNode;
  legend: string;
  hint: string;
  answers: readonly AboutMeAnswer[];
  picked: readonly number[];
  onChange: (answerIds: number[]) => void;
  error: string | null;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const offered = new Map(answers.map((answer) => [answer.answerId, answer]));
  const unlisted = picked.filter((answerId) => !offered.has(answerId));
  const listed = [...answers.map((answer) => answer.answerId), ...unlisted];
  const textOf = (answerId: number) => {
    const answer = offered.get(answerId);
    return answer ? `${answer.question}: ${answer.answer}` : `Answer ${answerId} (no longer offered)`;
  };
  // Kept in the list's order, whatever order they were ticked in.
  const toggle = (answerId: number, on: boolean) =>
    onChange(on ? listed.filter((known) => known === answerId || picked.includes(known)) : picked.filter((held) => held !== answerId));
  const groups = matching(byQuestion(answers), search);
  const box = (answerId: number, text: string) => (
    <label key={answerId} className="staff-check">
      <input type="checkbox" checked={picked.includes(answerId)} onChange={(event) => toggle(answerId, event.target.checked)} /> {text}
    </label>
  );
  return (
    <fieldset className="study-picks about-me-picker" aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint}
      </p>
      {picked.length > 0 && (
        <ul className="about-me-picker__chips" aria-label="Chosen answers">
          {picked.map((answerId) => (
            <li key={answerId}>
              <button
                type="button"
                className="about-me-picker__chip"
                aria-label={`Remove ${textOf(answerId)}`}
                onClick={() => toggle(answerId, false)}
              >
                {textOf(answerId)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice}
      {notice ? null : answers.length === 0 && unlisted.length === 0 ? (
        <p>There are no About-me answers yet.</p>
      ) : (
        <TextField label="Search questions and answers" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      )}
      {!notice && answers.length > 0 && groups.length === 0 && <p role="status">No question or answer matches “{search.trim()}”.</p>}
      {groups.map((group) => (
        <fieldset key={group.question} className="staff-roles">
          <legend>{group.question}</legend>
          {group.answers.map((answer) => box(answer.answerId, answer.answer))}
        </fieldset>
      ))}
      {!notice && unlisted.length > 0 && (
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
