import { useState } from 'react';
import { addFaqSchema, editFaqSchema, type ContentChangeResponse, type StaffFaq } from '@testerhub/shared/content-admin-schemas';
import { FAQ_TYPES } from '@testerhub/shared/public-content';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { useAddFaq, useEditFaq, useMoveFaq, useStaffFaqs } from '../api/content';
import {
  AddFormCard,
  addSubmit,
  announceChange,
  ContentSectionPage,
  EditFormFooter,
  useContentForm,
  bindContentFields,
  type ContentFieldsProps,
  useEditSubmit,
  type OnOutcome,
} from './content-form-parts';

const GROUP_OPTIONS = FAQ_TYPES.map(({ type, label }) => ({ value: String(type), label }));

type Fields = { type: string; question: string; answer: string; hidden: boolean };

/** Content staff: the public FAQ page's questions added, edited, hidden and reordered (decision 057). */
export function FaqsPage() {
  return (
    <ContentSectionPage
      title="FAQs"
      intro={
        <p>
          The questions of the public FAQ page, in its groups and order. Changes show there at once. Answers may hold simple HTML
          (paragraphs, lists, links); anything else is removed when the page shows them.
        </p>
      }
      useItems={useStaffFaqs}
      loadingText="Loading questions…"
      emptyText="No questions yet. Add the first one above."
      items={(data) => data.faqs}
      addForm={(onOutcome) => <AddFaqForm onOutcome={onOutcome} />}
      // One list a group, each under its heading, as the public page shows them.
      renderList={({ items, onOutcome, fetching }) =>
        FAQ_TYPES.map(({ type, label }) => {
          const group = items.filter((faq) => faq.type === type);
          if (group.length === 0) return null;
          return (
            <section key={type} aria-labelledby={`faq-group-${type}`}>
              <h2 id={`faq-group-${type}`}>{label}</h2>
              <ol className="staff-people" aria-busy={fetching}>
                {group.map((faq, index) => (
                  <FaqCard key={faq.id} faq={faq} first={index === 0} last={index === group.length - 1} onOutcome={onOutcome} />
                ))}
              </ol>
            </section>
          );
        })
      }
    />
  );
}

function FaqFields(props: ContentFieldsProps<Fields>) {
  const bind = bindContentFields(props);
  return (
    <>
      <SelectField label="Group" {...bind.text('type')} options={GROUP_OPTIONS} />
      <TextField label="Question" {...bind.text('question')} autoComplete="off" />
      <TextAreaField label="Answer" {...bind.text('answer')} rows={5} hint="Simple HTML is kept: paragraphs, lists, bold, links." />
      <label className="staff-check">
        <input type="checkbox" {...bind.check('hidden')} />
        Hidden from the public FAQ page
      </label>
    </>
  );
}

const EMPTY: Fields = { type: '1', question: '', answer: '', hidden: false };

function AddFaqForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const add = useAddFaq();
  const form = useContentForm(EMPTY, (fields: Fields) => addFaqSchema.safeParse({ ...fields, type: Number(fields.type) }), add.mutateAsync);
  const submit = addSubmit(form, onOutcome, (fields) => ({ ...EMPTY, type: fields.type }));
  return (
    <AddFormCard title="Add a question" submitLabel="Add question" pending={add.isPending} onSubmit={submit}>
      <FaqFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
    </AddFormCard>
  );
}

function FaqCard({ faq, first, last, onOutcome }: { faq: StaffFaq; first: boolean; last: boolean; onOutcome: OnOutcome }) {
  const edit = useEditFaq();
  const move = useMoveFaq();
  const [editing, setEditing] = useState(false);
  const headingId = `faq-${faq.id}`;
  const busy = edit.isPending || move.isPending;
  const run = (call: () => Promise<ContentChangeResponse>) => announceChange(onOutcome, `“${faq.question}”`, call);
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
function EditFaqForm({ faq, onDone, onOutcome }: { faq: StaffFaq; onDone: () => void; onOutcome: OnOutcome }) {
  const edit = useEditFaq();
  const [opened] = useState(faq);
  const form = useContentForm(
    { type: String(faq.type), question: faq.question, answer: faq.answer, hidden: faq.hidden },
    (fields: Fields) => editFaqSchema.safeParse({ ...fields, type: Number(fields.type), id: opened.id, revision: opened.revision }),
    edit.mutateAsync,
  );
  const { refused, submit } = useEditSubmit(form, onOutcome, onDone);
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit “${opened.question}”`}>
      <FaqFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
      <EditFormFooter refused={refused} pending={edit.isPending} onClose={onDone} />
    </form>
  );
}
