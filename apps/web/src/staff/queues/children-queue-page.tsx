import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CHILD_CALL_LIMIT,
  CHILD_CALL_OUTCOME_LABELS,
  CHILD_CALL_OUTCOMES,
  childCallSchema,
  type ChildQueueItem,
  type StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useChildQueue, useRecordCall } from '../api/queues';
import { ListState, Outcome, report, when } from './queue-parts';
import { Pages, RequiresRole, SubmitButton } from '../shell/staff-page-parts';

const OUTCOME_OPTIONS = CHILD_CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: CHILD_CALL_OUTCOME_LABELS[outcome] }));
/** What is left of the registration's 24 hours: hours, or minutes in the last hour. */
const timeLeft = (minutes: number) => (minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min left` : `${minutes} min left`);
const phoneText = (phone: string) => (phone.length === 10 ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone);

/** Recruiters: children awaiting their confirmation call, and each call's outcome (decision 054). */
export function ChildrenQueuePage() {
  usePageTitle('Children to confirm');
  return (
    <RequiresRole role="recruiter">
      <ChildrenQueue />
    </RequiresRole>
  );
}

function ChildrenQueue() {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1') || 1;
  const queue = useChildQueue(page);
  const [outcome, setOutcome] = useState<StaffQueueChangeResponse | null>(null);
  return (
    <>
      <h1>Children to confirm</h1>
      <p>
        Children registered online wait here until a call confirms them. Up to {CHILD_CALL_LIMIT} calls within 24 hours of the registration;
        after that, or when the parent declines, the registration expires and its details are removed. The soonest to expire come first.
      </p>
      <Outcome outcome={outcome} />
      <ListState query={queue} loading="Loading children…" />
      {queue.data && queue.data.children.length === 0 && <p>No children are waiting for a confirmation call.</p>}
      {queue.data && queue.data.children.length > 0 && (
        <ol className="staff-people" data-testid="child-queue" aria-busy={queue.isFetching}>
          {queue.data.children.map((child) => (
            <ChildCard key={child.childId} child={child} onOutcome={setOutcome} />
          ))}
        </ol>
      )}
      {queue.data && (
        <Pages
          page={queue.data.page}
          hasMore={queue.data.hasMore}
          label="Queue pages"
          onPage={(next) => setSearch({ page: String(next) })}
        />
      )}
    </>
  );
}

function ChildCard({ child, onOutcome }: { child: ChildQueueItem; onOutcome: (outcome: StaffQueueChangeResponse | null) => void }) {
  const headingId = `child-${child.childId}`;
  const record = useRecordCall();
  const form = useSchemaForm(childCallSchema, { defaultValues: { childId: child.childId, note: '' } });
  const callsLeft = CHILD_CALL_LIMIT - child.callsMade;
  // The call that reached the parent and confirmed the child, in one action: the only confirmation that lets the child screen and book (decision 079).
  const confirmChild = () =>
    void report(
      () => record.mutateAsync({ childId: child.childId, outcome: 'confirmed', note: form.getValues('note')?.trim() ?? '' }),
      child.childName,
      onOutcome,
    );
  const submit = form.handleSubmit(async (payload) => {
    const answer = await report(() => record.mutateAsync(payload), child.childName, onOutcome);
    if (answer?.status === 'succeed') form.reset();
  });
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {child.childName}
      </h2>
      <dl className="staff-facts staff-order-facts">
        <dt>Parent</dt>
        <dd>
          {child.parentName} ({child.parentUsername})
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:+1${child.phone}`}>{phoneText(child.phone)}</a>
        </dd>
        <dt>Born</dt>
        <dd>{child.birthDate}</dd>
        <dt>Registered</dt>
        <dd>
          <time dateTime={child.registeredAt}>{when(child.registeredAt)}</time>
        </dd>
        <dt>Expires</dt>
        <dd>
          <time dateTime={child.expiresAt}>{when(child.expiresAt)}</time> (
          <span data-testid="time-left">{timeLeft(child.minutesLeft)}</span>)
        </dd>
        <dt>E-mailed link</dt>
        <dd>{child.emailConfirmed ? 'Opened by the parent (confirms the e-mail, not the child)' : 'Not opened'}</dd>
        <dt>Calls made</dt>
        <dd data-testid="calls-made">
          {child.callsMade} of {CHILD_CALL_LIMIT}
        </dd>
      </dl>
      {child.attempts.length > 0 && (
        <ul className="staff-sections" aria-label={`Attempts for ${child.childName}`}>
          {child.attempts.map((attempt) => (
            <li key={attempt.attemptedAt + attempt.outcome}>
              <time dateTime={attempt.attemptedAt}>{when(attempt.attemptedAt)}</time>:{' '}
              {attempt.channel === 'phone'
                ? (CHILD_CALL_OUTCOME_LABELS[attempt.outcome as keyof typeof CHILD_CALL_OUTCOME_LABELS] ?? attempt.outcome)
                : 'E-mailed link'}
              {attempt.staffName && ` (${attempt.staffName})`}
              {attempt.note && `: ${attempt.note}`}
            </li>
          ))}
        </ul>
      )}
      {callsLeft > 0 ? (
        <form className="staff-form" onSubmit={submit} noValidate aria-label={`Record a call for ${child.childName}`}>
          <SelectField label="What the call came to" placeholder="Choose…" options={OUTCOME_OPTIONS} {...form.field('outcome')} />
          <TextField label="Note (optional)" autoComplete="off" {...form.field('note')} />
          <SubmitButton pending={record.isPending} label="Record call" pendingLabel="Recording…" />
          <button type="button" className="staff-button" disabled={record.isPending} onClick={confirmChild}>
            Confirm child
          </button>
          <p className="staff-note">Confirm child records a call that reached the parent and confirmed the child.</p>
        </form>
      ) : (
        <p>All calls made: the registration expires at the end of its 24 hours, and the parent may register the child again.</p>
      )}
    </li>
  );
}
