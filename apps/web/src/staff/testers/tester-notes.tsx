import { useState } from 'react';
import { addTesterNoteSchema, TESTER_NOTE_MAX, type TesterActionResponse, type TesterNote } from '@testerhub/shared/staff-testers-schemas';
import { TextAreaField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAddTesterNote, useDeleteTesterNote, useTesterNotes } from '../api/testers';

const when = (value: string) => new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Staff notes on the tester (decision 116): the form, then the notes newest first; the tester never sees them. */
export function TesterNotes({ testerId }: { testerId: string }) {
  const notes = useTesterNotes(testerId);
  const [outcome, setOutcome] = useState<TesterActionResponse | null>(null);
  const announce = async (call: () => Promise<TesterActionResponse>) => {
    setOutcome(null);
    try {
      const answer = await call();
      setOutcome(answer);
      return answer;
    } catch (error) {
      setOutcome({ status: 'failed', message: requestErrorMessage(error) });
      return null;
    }
  };
  return (
    <section aria-labelledby="tester-notes">
      <h2 id="tester-notes">Notes</h2>
      <p>For staff only: the tester never sees notes, but may ask for them in a data request, so write what you would tell them.</p>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      <AddNote testerId={testerId} announce={announce} />
      {notes.isPending && <p aria-busy="true">Loading the notes…</p>}
      {notes.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(notes.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void notes.refetch()}>
            Try again
          </button>
        </div>
      )}
      {notes.data?.status === 'failed' && <p className="staff-problem">{notes.data.message}</p>}
      {notes.data?.status === 'succeed' &&
        (notes.data.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <>
            <ol className="staff-people" data-testid="tester-notes">
              {notes.data.notes.map((note) => (
                <NoteItem key={note.noteId} testerId={testerId} note={note} announce={announce} />
              ))}
            </ol>
            {notes.data.hasMore && <p>Only the newest 100 notes are shown.</p>}
          </>
        ))}
    </section>
  );
}

type Announce = (call: () => Promise<TesterActionResponse>) => Promise<TesterActionResponse | null>;

function AddNote({ testerId, announce }: { testerId: string; announce: Announce }) {
  const add = useAddTesterNote();
  const empty = { testerId, text: '' };
  const { field, handleSubmit, reset } = useSchemaForm(addTesterNoteSchema, { mode: 'onSubmit', defaultValues: empty });
  const submit = handleSubmit(async (payload) => {
    if ((await announce(() => add.mutateAsync(payload)))?.status === 'succeed') reset(empty);
  });
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a note">
      <TextAreaField
        label="New note"
        rows={3}
        hint={`Up to ${TESTER_NOTE_MAX.toLocaleString('en-US')} characters. Your name and the time are kept with it.`}
        {...field('text')}
      />
      <button type="submit" className="staff-button" disabled={add.isPending} aria-busy={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add the note'}
      </button>
    </form>
  );
}

function NoteItem({ testerId, note, announce }: { testerId: string; note: TesterNote; announce: Announce }) {
  const remove = useDeleteTesterNote();
  const headingId = `tester-note-${note.noteId}`;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <p id={headingId}>
        <strong>{note.authorName}</strong>, <time dateTime={note.createdAt}>{when(note.createdAt)}</time>
      </p>
      <p className="staff-note-text">{note.text}</p>
      {note.deletable && (
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          aria-label={`Delete your note of ${when(note.createdAt)}`}
          onClick={() => void announce(() => remove.mutateAsync({ testerId, noteId: note.noteId }))}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      )}
    </li>
  );
}
