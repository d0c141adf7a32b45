import { useState, type FormEvent } from 'react';
import { addFaqSchema, editFaqSchema, type ContentChangeResponse, type StaffFaq } from '@testerhub/shared/content-admin-schemas';
import { FAQ_TYPES } from '@testerhub/shared/public-content';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { usePageTitle } from '../../../hooks/use-page-title';
import { requestErrorMessage } from '../../../lib/request-error';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { useAddFaq, useEditFaq, useMoveFaq, useStaffFaqs } from '../api/content';
import { LoadFailed, RequiresRole } from '../staff-page-parts';
import { ContentNav } from './content-nav';

const GROUP_OPTIONS = FAQ_TYPES.map(({ type, label }) => ({ value: String(type), label }));

type Outcome = Pick<ContentChangeResponse, 'status' | 'message'>;
type Fields = { type: string; question: string; answer: string; hidden: boolean };
type FieldErrors = Partial<Record<'type' | 'question' | 'answer', string>>;

/** The first message zod gives for each field, to show beside it. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

async function outcomeOf(call: () => Promise<ContentChangeResponse>): Promise<Outcome> {
  try {
    return await call();
  } catch (error) {
    return { status: 'failed', message: requestErrorMessage(error) };
  }
}

/** Content staff: the public FAQ page's questions added, edited, hidden and reordered (decision 057). */
export function FaqsPage() {
  usePageTitle('FAQs');
  return (
    <RequiresRole role="content">
      <Faqs />
    </RequiresRole>
  );
}

function Faqs() {
  const faqs = useStaffFaqs();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <>
      <ContentNav />
      <h1>FAQs</h1>
      <p>
        The questions of the public FAQ page, in its groups and order. Changes show there at once. Answers may hold simple HTML (paragraphs,
        lists, links); anything else is removed when the page shows them.
      </p>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      <AddFaqForm onOutcome={setOutcome} />
      {faqs.isPending && <p aria-busy="true">Loading questions…</p>}
      {faqs.isError && <LoadFailed error={faqs.error} onRetry={() => void faqs.refetch()} />}
      {faqs.data && faqs.data.faqs.length === 0 && <p>No questions yet. Add the first one above.</p>}
      {faqs.data &&
        FAQ_TYPES.map(({ type, label }) => {
          const group = faqs.data.faqs.filter((faq) => faq.type === type);
          if (group.length === 0) return null;
          return (
            <section key={type} aria-labelledby={`faq-group-${type}`}>
              <h2 id={`faq-group-${type}`}>{label}</h2>
              <ol className="staff-people" aria-busy={faqs.isFetching}>
                {group.map((faq, index) => (
                  <FaqCard key={faq.id} faq={faq} first={index === 0} last={index === group.length - 1} onOutcome={setOutcome} />
                ))}
              </ol>
            </section>
          );
        })}
    </>
  );
}

function FaqFields({ fields, errors, onChange }: { fields: Fields; errors: FieldErrors; onChange: (fields: Fields) => void }) {
  return (
    <>
      <SelectField
        label="Group"
        value={fields.type}
        options={GROUP_OPTIONS}
        error={errors.type ?? null}
        onChange={(event) => onChange({ ...fields, type: event.target.value })}
      />
      <TextField
        label="Question"
        value={fields.question}
        autoComplete="off"
        error={errors.question ?? null}
        onChange={(event) => onChange({ ...fields, question: event.target.value })}
      />
      <TextAreaField
        label="Answer"
        rows={5}
        value={fields.answer}
        error={errors.answer ?? null}
        hint="Simple HTML is kept: paragraphs, lists, bold, links."
        onChange={(event) => onChange({ ...fields, answer: event.target.value })}
      />
      <label className="staff-check">
        <input type="checkbox" checked={fields.hidden} onChange={(event) => onChange({ ...fields, hidden: event.target.checked })} />
        Hidden from the public FAQ page
      </label>
    </>
  );
}

const EMPTY: Fields = { type: '1', question: '', answer: '', hidden: false };

function AddFaqForm({ onOutcome }: { onOutcome: (outcome: Outcome | null) => void }) {
  const add = useAddFaq();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = addFaqSchema.safeParse({ ...fields, type: Number(fields.type) });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    const outcome = await outcomeOf(() => add.mutateAsync(parsed.data));
    onOutcome(outcome);
    if (outcome.status === 'succeed') setFields({ ...EMPTY, type: fields.type });
  };
  return (
    <details className="staff-card">
      <summary>Add a question</summary>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a question">
        <FaqFields fields={fields} errors={errors} onChange={setFields} />
        <div>
          <button type="submit" className="staff-button" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add question'}
          </button>
        </div>
      </form>
    </details>
  );
}

function FaqCard({
  faq,
  first,
  last,
  onOutcome,
}: {
  faq: StaffFaq;
  first: boolean;
  last: boolean;
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const edit = useEditFaq();
  const move = useMoveFaq();
  const [editing, setEditing] = useState(false);
  const headingId = `faq-${faq.id}`;
  const busy = edit.isPending || move.isPending;
  const run = async (call: () => Promise<ContentChangeResponse>) => {
    onOutcome(null);
    const outcome = await outcomeOf(call);
    onOutcome({ ...outcome, message: `“${faq.question}”: ${outcome.message}` });
  };
  const current = { type: faq.type, question: faq.question, answer: faq.answer, hidden: faq.hidden };
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="staff-order-title">
        {faq.question}
        {faq.hidden && <span className="staff-badge"> (hidden)</span>}
      </h3>
      {editing ? (
        <EditFaqForm faq={faq} onDone={() => setEditing(false)} onOutcome={onOutcome} />
      ) : (
        <>
          <div className="staff-faq-answer" dangerouslySetInnerHTML={{ __html: sanitizeHtml(faq.answer) }} />
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(true)}
              disabled={busy}
              aria-label={`Edit “${faq.question}”`}
            >
              Edit
            </button>
            <button
              type="button"
              className="staff-button staff-button--quiet"
              disabled={busy}
              aria-label={`${faq.hidden ? 'Show' : 'Hide'} “${faq.question}”`}
              onClick={() => void run(() => edit.mutateAsync({ id: faq.id, revision: faq.revision, ...current, hidden: !faq.hidden }))}
            >
              {faq.hidden ? 'Show' : 'Hide'}
            </button>
            {(['up', 'down'] as const)
              .filter((direction) => (direction === 'up' ? !first : !last))
              .map((direction) => {
                const label = direction === 'up' ? 'Move up' : 'Move down';
                return (
                  <button
                    key={direction}
                    type="button"
                    className="staff-button staff-button--quiet"
                    disabled={busy}
                    aria-label={`${label} “${faq.question}”`}
                    onClick={() => void run(() => move.mutateAsync({ id: faq.id, revision: faq.revision, direction }))}
                  >
                    {label}
                  </button>
                );
              })}
          </div>
        </>
      )}
    </li>
  );
}

/** Edits the copy it opened: a save after someone else's change is refused by the server and said here. */
function EditFaqForm({ faq, onDone, onOutcome }: { faq: StaffFaq; onDone: () => void; onOutcome: (outcome: Outcome | null) => void }) {
  const edit = useEditFaq();
  const [opened] = useState(faq);
  const [fields, setFields] = useState<Fields>({ type: String(faq.type), question: faq.question, answer: faq.answer, hidden: faq.hidden });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    setRefused(null);
    const parsed = editFaqSchema.safeParse({ ...fields, type: Number(fields.type), id: opened.id, revision: opened.revision });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    const outcome = await outcomeOf(() => edit.mutateAsync(parsed.data));
    if (outcome.status === 'succeed') {
      onOutcome(outcome);
      onDone();
    } else setRefused(outcome.message);
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit “${opened.question}”`}>
      <FaqFields fields={fields} errors={errors} onChange={setFields} />
      {refused && (
        <p className="staff-problem" role="alert">
          {refused}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="staff-button" disabled={edit.isPending} aria-busy={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onDone}>
          {refused ? 'Close and reload' : 'Cancel'}
        </button>
      </div>
    </form>
  );
}
