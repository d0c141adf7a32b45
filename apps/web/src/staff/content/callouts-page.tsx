import { useState } from 'react';
import {
  addCalloutSchema,
  editCalloutSchema,
  type AddCalloutPayload,
  type CalloutChangeResponse,
  type StaffCallout,
} from '@testerhub/shared/callout-admin-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { formatMoment } from '@testerhub/shared/schedule-format';
import { instantOnClock, wallClockInput } from '@testerhub/shared/wall-clock';
import { TextAreaField, TextField } from '../../components/form-field';
import { useAddCallout, useEditCallout, useStaffCallouts } from '../api/callouts';
import { companyClockNote } from '../shell/company-clock';
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

/** The form's fields as typed: coins as text, times as the datetime-local fields show them (the company's clock, decision 139). */
type Fields = {
  title: string;
  description: string;
  pkCoins: string;
  screener: string;
  active: boolean;
  startTimeStamp: string;
  endTimeStamp: string;
};

/** A call-out has no test site: its times are typed and read on the company's clock (decision 139). */
const onClock = (instant: string | Date) => wallClockInput(instant, COMPANY.timeZone);

const emptyFields = (): Fields => {
  // The hour now started, on the company's clock, for two weeks.
  const start = instantOnClock(`${onClock(new Date()).slice(0, 13)}:00`, COMPANY.timeZone);
  return {
    title: '',
    description: '',
    pkCoins: '0',
    screener: '',
    active: true,
    startTimeStamp: onClock(start),
    endTimeStamp: onClock(new Date(start.getTime() + 14 * 24 * 3600_000)),
  };
};

/** What the shared schema checks: the coins as a number (an empty field is no number). */
const checked = (fields: Fields) => ({ ...fields, pkCoins: fields.pkCoins.trim() === '' ? Number.NaN : Number(fields.pkCoins) });

/** The times sent as instants: what the staff member typed, read on the company's clock, never the browser's. */
const asInstants = <Payload extends AddCalloutPayload>(payload: Payload): Payload => ({
  ...payload,
  startTimeStamp: instantOnClock(payload.startTimeStamp, COMPANY.timeZone).toISOString(),
  endTimeStamp: instantOnClock(payload.endTimeStamp, COMPANY.timeZone).toISOString(),
});

const editable = (callout: StaffCallout): Fields => ({
  title: callout.title,
  description: callout.description,
  pkCoins: String(callout.pkCoins),
  screener: callout.screener,
  active: callout.active,
  startTimeStamp: onClock(callout.startTimeStamp),
  endTimeStamp: onClock(callout.endTimeStamp),
});

const shown = (iso: string) => formatMoment(iso, COMPANY.timeZone);

/** Where a call-out stands for testers now: switched off, still to come, showing, or ended. */
function standing(callout: StaffCallout, now: number): string {
  if (!callout.active) return 'switched off';
  if (Date.parse(callout.startTimeStamp) > now) return 'not started';
  if (Date.parse(callout.endTimeStamp) <= now) return 'ended';
  return 'showing now';
}

/** Content staff: the portal's call-outs listed, added, edited and switched off (decision 063). */
export function CalloutsPage() {
  return (
    <ContentSectionPage
      title="Call-outs"
      intro={
        <p>
          The announcements of the portal’s call-out popup, latest start first. An active call-out shows to every tester from its start
          until its end; changes show at once. Switch one off to take it down early.
        </p>
      }
      useItems={useStaffCallouts}
      loadingText="Loading call-outs…"
      emptyText="No call-outs yet. Add the first one above."
      items={(data) => data.callouts}
      addForm={(onOutcome) => <AddCalloutForm onOutcome={onOutcome} />}
      listLabel="Call-outs"
      // Where each stands is judged at the time the list was read (pure in render, fresh after every change).
      renderItem={(callout, { readAt, onOutcome }) => <CalloutCard key={callout.id} callout={callout} now={readAt} onOutcome={onOutcome} />}
    />
  );
}

function CalloutFields(props: ContentFieldsProps<Fields>) {
  const bind = bindContentFields(props);
  return (
    <>
      <TextField label="Title" {...bind.text('title')} autoComplete="off" />
      <TextAreaField label="Text" {...bind.text('description')} rows={3} />
      <TextField
        label="Bonus coins"
        {...bind.text('pkCoins')}
        inputMode="numeric"
        autoComplete="off"
        hint="0 for none; otherwise shown as “Earn N coins”."
      />
      <TextField
        label="Portal page it points to"
        {...bind.text('screener')}
        autoComplete="off"
        hint="Optional, such as /community/main/screener."
      />
      <TextField label="Starts" {...bind.text('startTimeStamp')} type="datetime-local" hint={companyClockNote()} />
      <TextField
        label="Ends"
        {...bind.text('endTimeStamp')}
        type="datetime-local"
        hint={`Testers stop seeing it then. ${companyClockNote()}`}
      />
      <label className="staff-check">
        <input type="checkbox" {...bind.check('active')} />
        Active (shown to testers between its start and end)
      </label>
    </>
  );
}

function AddCalloutForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const add = useAddCallout();
  const form = useContentForm(
    emptyFields(),
    (fields: Fields) => addCalloutSchema.safeParse(checked(fields)),
    (payload: AddCalloutPayload) => add.mutateAsync(asInstants(payload)),
  );
  const submit = addSubmit(form, onOutcome, emptyFields);
  return (
    <AddFormCard title="Add a call-out" submitLabel="Add call-out" pending={add.isPending} onSubmit={submit}>
      <CalloutFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
    </AddFormCard>
  );
}

function CalloutCard({ callout, now, onOutcome }: { callout: StaffCallout; now: number; onOutcome: OnOutcome }) {
  const edit = useEditCallout();
  const [editing, setEditing] = useState(false);
  const headingId = `callout-${callout.id}`;
  const run = (call: () => Promise<CalloutChangeResponse>) => announceChange(onOutcome, callout.title, call);
  const { rKey: _key, ...current } = callout;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {callout.title}
        <span className="staff-badge"> ({standing(callout, now)})</span>
      </h2>
      {editing ? (
        <EditCalloutForm callout={callout} onDone={() => setEditing(false)} onOutcome={onOutcome} />
      ) : (
        <>
          <p>{callout.description}</p>
          <p>
            {shown(callout.startTimeStamp)} to {shown(callout.endTimeStamp)}
            {callout.pkCoins > 0 && `, ${callout.pkCoins} coins`}
            {callout.screener && `, points to ${callout.screener}`}
          </p>
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(true)}
              disabled={edit.isPending}
              aria-label={`Edit ${callout.title}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="staff-button staff-button--quiet"
              disabled={edit.isPending}
              aria-label={`${callout.active ? 'Switch off' : 'Switch on'} ${callout.title}`}
              onClick={() => void run(() => edit.mutateAsync({ ...current, active: !callout.active }))}
            >
              {callout.active ? 'Switch off' : 'Switch on'}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** Edits the copy it opened: a save after someone else's change is refused by the server and said here. */
function EditCalloutForm({ callout, onDone, onOutcome }: { callout: StaffCallout; onDone: () => void; onOutcome: OnOutcome }) {
  const edit = useEditCallout();
  const [opened] = useState(callout);
  const { id, revision } = opened;
  const form = useContentForm(
    editable(opened),
    (fields: Fields) => editCalloutSchema.safeParse({ ...checked(fields), id, revision }),
    (payload) => edit.mutateAsync(asInstants(payload)),
  );
  const { refused, submit } = useEditSubmit(form, onOutcome, onDone);
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${opened.title}`}>
      <CalloutFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
      <EditFormFooter refused={refused} pending={edit.isPending} onClose={onDone} />
    </form>
  );
}
