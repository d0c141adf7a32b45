import { useState } from 'react';
import {
  REFERRAL_EVENT_LIMITS,
  saveReferralEventSchema,
  type ReferralEventChangeResponse,
  type StaffReferralEvent,
} from '@testerhub/shared/referral-event-schemas';
import { TextAreaField, TextField } from '../../components/form-field';
import { useRemoveReferralEvent, useSaveReferralEvent, useStaffReferralEvents } from '../api/referral-events';
import { companyClockNote, todayOn } from '../shell/company-clock';
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

type Fields = { month: string; referralComment: string; sortOrder: string };

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
  return (
    <ContentSectionPage
      title="Referral event texts"
      intro={
        <p>
          The special-offer lines of the referral pages. Testers see the texts of the latest month that has any, up to this month; a month
          ahead shows when it comes. Texts are shown as plain text, lowest place first. Changes show at once.
        </p>
      }
      useItems={useStaffReferralEvents}
      loadingText="Loading referral event texts…"
      emptyText="No referral event texts yet. Add the first one above."
      items={(data) => data.events}
      standing={(data) => (
        <p>{data.shownMonth ? `Testers now see the texts of ${monthName(data.shownMonth)}.` : 'Testers see no special offer now.'}</p>
      )}
      addForm={(onOutcome) => <AddEventForm onOutcome={onOutcome} />}
      listLabel="Referral event texts"
      renderItem={(event, { data, onOutcome }) => (
        <EventCard key={event.id} event={event} shown={event.month === data.shownMonth} onOutcome={onOutcome} />
      )}
    />
  );
}

function EventFields(props: ContentFieldsProps<Fields>) {
  const bind = bindContentFields(props);
  return (
    <>
      <TextField
        label="Month"
        {...bind.text('month')}
        type="month"
        placeholder="YYYY-MM"
        hint={`The month the text is shown from (YYYY-MM). ${companyClockNote('Months')}`}
      />
      <TextAreaField
        label="Text testers see"
        {...bind.text('referralComment')}
        rows={3}
        maxLength={REFERRAL_EVENT_LIMITS.maxLength}
        hint={`Plain text, up to ${REFERRAL_EVENT_LIMITS.maxLength} characters.`}
      />
      <TextField label="Place in the month" {...bind.text('sortOrder')} inputMode="numeric" hint="Lower places are shown first." />
    </>
  );
}

function AddEventForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const save = useSaveReferralEvent();
  // This month as testers' pages reckon it: on the company's clock (decision 139), not UTC's.
  const empty: Fields = { month: todayOn().slice(0, 7), referralComment: '', sortOrder: '0' };
  const form = useContentForm(empty, (fields: Fields) => saveReferralEventSchema.safeParse(payloadOf(fields)), save.mutateAsync);
  // The next text is often for the same month.
  const submit = addSubmit(form, onOutcome, (fields) => ({ ...fields, referralComment: '' }));
  return (
    <AddFormCard title="Add a referral event text" submitLabel="Add text" pending={save.isPending} onSubmit={submit}>
      <EventFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
    </AddFormCard>
  );
}

function EventCard({ event, shown, onOutcome }: { event: StaffReferralEvent; shown: boolean; onOutcome: OnOutcome }) {
  const remove = useRemoveReferralEvent();
  const [editing, setEditing] = useState(false);
  const headingId = `referral-event-${event.id}`;
  const title = `${monthName(event.month)}, place ${event.sortOrder}`;
  const run = (call: () => Promise<ReferralEventChangeResponse>) => announceChange(onOutcome, title, call);
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
  const { refused, submit } = useEditSubmit(form, onOutcome, onDone, title);
  return (
    <form className="staff-form" onSubmit={(formEvent) => void submit(formEvent)} noValidate aria-label={`Edit ${title}`}>
      <EventFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
      <EditFormFooter refused={refused} pending={save.isPending} onClose={onDone} />
    </form>
  );
}
