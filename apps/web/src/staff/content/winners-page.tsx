import { useState } from 'react';
import {
  addWinnerSchema,
  editWinnerSchema,
  WINNER_KINDS,
  type StaffWinner,
  type WinnerChangeResponse,
} from '@testerhub/shared/site-content-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { useAddWinner, useEditWinner, useRemoveWinner, useStaffWinners } from '../api/site-content';
import { companyClockNote } from '../shell/company-clock';
import {
  AddFormCard,
  addSubmit,
  announceChange,
  ConfirmRemove,
  ContentSectionPage,
  EditFormFooter,
  useContentForm,
  bindContentFields,
  type ContentFieldsProps,
  useEditSubmit,
  type OnOutcome,
} from './content-form-parts';

const KIND_OPTIONS = WINNER_KINDS.map(({ value, label }) => ({ value, label }));
const kindLabel = (value: string) => WINNER_KINDS.find((kind) => kind.value === value)?.label ?? value;

type Fields = { winnerTypeDesc: string; periodStart: string; winnerTime: string; winner: string; hidden: boolean };
const EMPTY: Fields = { winnerTypeDesc: 'Online25', periodStart: '', winnerTime: '', winner: '', hidden: false };

/** Content staff: the winners of the public winners pages added, edited, hidden and removed (decision 061). */
export function WinnersPage() {
  return (
    <ContentSectionPage
      title="Winners"
      intro={
        <p>
          The winners of the giveaways and drawings, as the public winners pages list them, newest period first. Changes show there at once.
          Hide a winner to keep the entry off the public pages; remove one entered by mistake.
        </p>
      }
      useItems={useStaffWinners}
      loadingText="Loading winners…"
      emptyText="No winners yet. Add the first one above."
      items={(data) => data.winners}
      addForm={(onOutcome) => <AddWinnerForm onOutcome={onOutcome} />}
      listLabel="Winners"
      renderItem={(winner, { onOutcome }) => <WinnerCard key={winner.id} winner={winner} onOutcome={onOutcome} />}
    />
  );
}

function WinnerFields(props: ContentFieldsProps<Fields>) {
  const bind = bindContentFields(props);
  return (
    <>
      <SelectField label="Giveaway" {...bind.text('winnerTypeDesc')} options={KIND_OPTIONS} />
      <TextField
        label="Winner’s name as shown"
        {...bind.text('winner')}
        autoComplete="off"
        hint="First name and initial, such as “Maria G.”."
      />
      <TextField
        label="First day of the period"
        {...bind.text('periodStart')}
        type="date"
        hint={`Orders the list and gives the year shown. ${companyClockNote('Dates')}`}
      />
      <TextField
        label="Period label"
        {...bind.text('winnerTime')}
        autoComplete="off"
        hint="As the public page shows it, such as “March” or “Q1”."
      />
      <label className="staff-check">
        <input type="checkbox" {...bind.check('hidden')} />
        Hidden from the public winners pages
      </label>
    </>
  );
}

function AddWinnerForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const add = useAddWinner();
  const form = useContentForm(EMPTY, (fields: Fields) => addWinnerSchema.safeParse(fields), add.mutateAsync);
  // The next winner is often of the same giveaway and period.
  const submit = addSubmit(form, onOutcome, (fields) => ({
    ...EMPTY,
    winnerTypeDesc: fields.winnerTypeDesc,
    periodStart: fields.periodStart,
    winnerTime: fields.winnerTime,
  }));
  return (
    <AddFormCard title="Add a winner" submitLabel="Add winner" pending={add.isPending} onSubmit={submit}>
      <WinnerFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
    </AddFormCard>
  );
}

function WinnerCard({ winner, onOutcome }: { winner: StaffWinner; onOutcome: OnOutcome }) {
  const edit = useEditWinner();
  const remove = useRemoveWinner();
  const [editing, setEditing] = useState(false);
  const headingId = `winner-${winner.id}`;
  const busy = edit.isPending || remove.isPending;
  const run = (call: () => Promise<WinnerChangeResponse>) => announceChange(onOutcome, winner.winner, call);
  const { id, revision, ...current } = winner;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {winner.winner}
        {winner.hidden && <span className="staff-badge"> (hidden)</span>}
      </h2>
      {editing ? (
        <EditWinnerForm winner={winner} onDone={() => setEditing(false)} onOutcome={onOutcome} />
      ) : (
        <>
          <p>
            {kindLabel(winner.winnerTypeDesc)}, {winner.winnerTime} {winner.periodStart.slice(0, 4)} (from {winner.periodStart})
          </p>
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(true)}
              disabled={busy}
              aria-label={`Edit ${winner.winner}, ${winner.winnerTime}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="staff-button staff-button--quiet"
              disabled={busy}
              aria-label={`${winner.hidden ? 'Show' : 'Hide'} ${winner.winner}, ${winner.winnerTime}`}
              onClick={() => void run(() => edit.mutateAsync({ id, revision, ...current, hidden: !winner.hidden }))}
            >
              {winner.hidden ? 'Show' : 'Hide'}
            </button>
            <ConfirmRemove
              what={winner.winner}
              label={`Remove ${winner.winner}, ${winner.winnerTime}`}
              busy={busy}
              onRemove={() => void run(() => remove.mutateAsync({ id, revision }))}
            />
          </div>
        </>
      )}
    </li>
  );
}

/** Edits the copy it opened: a save after someone else's change is refused by the server and said here. */
function EditWinnerForm({ winner, onDone, onOutcome }: { winner: StaffWinner; onDone: () => void; onOutcome: OnOutcome }) {
  const edit = useEditWinner();
  const [opened] = useState(winner);
  const { id, revision, ...initial } = opened;
  const form = useContentForm(initial, (fields: Fields) => editWinnerSchema.safeParse({ ...fields, id, revision }), edit.mutateAsync);
  const { refused, submit } = useEditSubmit(form, onOutcome, onDone);
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${opened.winner}`}>
      <WinnerFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
      <EditFormFooter refused={refused} pending={edit.isPending} onClose={onDone} />
    </form>
  );
}
