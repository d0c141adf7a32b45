import { useState, type FormEvent } from 'react';
import {
  REFERRAL_EVENT_LIMITS,
  saveReferralEventSchema,
  type ReferralEventChangeResponse,
  type StaffReferralEvent,
} from '@testerhub/shared/referral-event-schemas';
import { TextAreaField, TextField } from '../../../components/form-field';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRemoveReferralEvent, useSaveReferralEvent, useStaffReferralEvents } from '../api/referral-events';
import { LoadFailed, RequiresRole } from '../staff-page-parts';
import { ConfirmRemove, EditFormFooter, OutcomeLine, outcomeOf, useContentForm, type Outcome } from './content-form-parts';
import { ContentNav } from './content-nav';

type Fields = { month: string; referralComment: string; sortOrder: string };
type FieldErrors = Record<string, string>;
type OnOutcome = (outcome: Outcome | null) => void;

/** The fields as the shared schema takes them: the place as a number (blank stays missing, so the schema says so). */
const payloadOf = (fields: Fields) => ({
  ...fields,
  sortOrder: fields.sortOrder.trim() === '' ? undefined : Number(fields.sortOrder),
});

/** 'May 2031' for '2031-05'. */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Content staff: the referral event texts testers see on the referral pages, month by month (decision 066). */
export function ReferralEventsPage() {
  usePageTitle('Referral event texts');
  return (
    <RequiresRole role="content">
      <ReferralEvents />
    </RequiresRole>
  );
}

function ReferralEvents() {
  const events = useStaffReferralEvents();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const data = events.data;
  return (
    <>
      <ContentNav />
      <h1>Referral event texts</h1>
      <p>
        The special-offer lines of the referral pages. Testers see the texts of the latest month that has any, up to this month; a month
        ahead shows when it comes. Texts are shown as plain text, lowest place first. Changes show at once.
      </p>
      {data && (
        <p>{data.shownMonth ? `Testers now see the texts of ${monthName(data.shownMonth)}.` : 'Testers see no special offer now.'}</p>
      )}
      <OutcomeLine outcome={outcome} />
      <AddEventForm onOutcome={setOutcome} />
      {events.isPending && <p aria-busy="true">Loading referral event texts…</p>}
      {events.isError && <LoadFailed error={events.error} onRetry={() => void events.refetch()} />}
      {data && data.events.length === 0 && <p>No referral event texts yet. Add the first one above.</p>}
      {data && data.events.length > 0 && (
        <ol className="staff-people" aria-label="Referral event texts" aria-busy={events.isFetching}>
          {data.events.map((event) => (
            <EventCard key={event.id} event={event} shown={event.month === data.shownMonth} onOutcome={setOutcome} />
          ))}
        </ol>
      )}
    </>
  );
}

function EventFields({ fields, errors, onChange }: { fields: Fields; errors: FieldErrors; onChange: (fields: Fields) => void }) {
  return (
    <>
      <TextField
        label="Month"
        type="month"
        value={fields.month}
        placeholder="YYYY-MM"
        error={errors.month ?? null}
        hint="The month the text is shown from (YYYY-MM)."
        onChange={(event) => onChange({ ...fields, month: event.target.value })}
      />
      <TextAreaField
        label="Text testers see"
        value={fields.referralComment}
        rows={3}
        maxLength={REFERRAL_EVENT_LIMITS.maxLength}
        error={errors.referralComment ?? null}
        hint={`Plain text, up to ${REFERRAL_EVENT_LIMITS.maxLength} characters.`}
        onChange={(event) => onChange({ ...fields, referralComment: event.target.value })}
      />
      <TextField
        label="Place in the month"
        inputMode="numeric"
        value={fields.sortOrder}
        error={errors.sortOrder ?? null}
        hint="Lower places are shown first."
        onChange={(event) => onChange({ ...fields, sortOrder: event.target.value })}
      />
    </>
  );
}

function AddEventForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const save = useSaveReferralEvent();
  const empty: Fields = { month: new Date().toISOString().slice(0, 7), referralComment: '', sortOrder: '0' };
  const form = useContentForm(empty, (fields: Fields) => saveReferralEventSchema.safeParse(payloadOf(fields)), save.mutateAsync);
  const { fields, setFields, errors } = form;
  const submit = async (event: FormEvent) => {
    onOutcome(null);
    const outcome = await form.submit(event);
    if (!outcome) return;
    onOutcome(outcome);
    if (outcome.status === 'succeed') setFields({ ...fields, referralComment: '' });
  };
  return (
    <details className="staff-card">
      <summary>Add a text</summary>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a referral event text">
        <EventFields fields={fields} errors={errors} onChange={setFields} />
        <div>
          <button type="submit" className="staff-button" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Adding…' : 'Add text'}
          </button>
        </div>
      </form>
    </details>
  );
}

function EventCard({ event, shown, onOutcome }: { event: StaffReferralEvent; shown: boolean; onOutcome: OnOutcome }) {
  const remove = useRemoveReferralEvent();
  const [editing, setEditing] = useState(false);
  const headingId = `referral-event-${event.id}`;
  const title = `${monthName(event.month)}, place ${event.sortOrder}`;
  const run = async (call: () => Promise<ReferralEventChangeResponse>) => {
    onOutcome(null);
    const outcome = await outcomeOf(call);
    onOutcome({ ...outcome, message: `${title}: ${outcome.message}` });
  };
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {title}
        {shown && <span className="staff-badge"> (testers see it now)</span>}
      </h2>
      {editing ? (
        <EditEventForm event={event} title={title} onDone={() => setEditing(false)} onOutcome={onOutcome} />
      ) : (
        <>
          <p>{event.referralComment || '(no text: testers’ pages skip it)'}</p>
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(true)}
              disabled={remove.isPending}
              aria-label={`Edit ${title}`}
            >
              Edit
            </button>
            <ConfirmRemove
              what={title}
              label={`Remove ${title}`}
              busy={remove.isPending}
              onRemove={() => void run(() => remove.mutateAsync({ id: event.id, revision: event.revision }))}
            />
          </div>
        </>
      )}
    </li>
  );
}

/** Edits the copy it opened: a save after someone else's change is refused by the server and said here. */
function EditEventForm({
  event,
  title,
  onDone,
  onOutcome,
}: {
  event: StaffReferralEvent;
  title: string;
  onDone: () => void;
  onOutcome: OnOutcome;
}) {
  const save = useSaveReferralEvent();
  const [opened] = useState(event);
  const initial: Fields = { month: opened.month, referralComment: opened.referralComment, sortOrder: String(opened.sortOrder) };
  const form = useContentForm(
    initial,
    (fields: Fields) => saveReferralEventSchema.safeParse({ ...payloadOf(fields), id: opened.id, revision: opened.revision }),
    save.mutateAsync,
  );
  const { fields, setFields, errors } = form;
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (formEvent: FormEvent) => {
    onOutcome(null);
    setRefused(null);
    const outcome = await form.submit(formEvent);
    if (!outcome) return;
    if (outcome.status === 'succeed') {
      onOutcome({ ...outcome, message: `${title}: ${outcome.message}` });
      onDone();
    } else setRefused(outcome.message);
  };
  return (
    <form className="staff-form" onSubmit={(formEvent) => void submit(formEvent)} noValidate aria-label={`Edit ${title}`}>
      <EventFields fields={fields} errors={errors} onChange={setFields} />
      <EditFormFooter refused={refused} pending={save.isPending} onClose={onDone} />
    </form>
  );
}
