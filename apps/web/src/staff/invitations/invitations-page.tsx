import { useId, useState } from 'react';
import { Pages, SubmitButton, RequiresRole } from '../shell/staff-page-parts';
import { Link, useSearchParams } from 'react-router';
import {
  INVITATION_TEXTS,
  invitationPreviewSchema,
  type InvitationPreviewPayload,
  type InvitationOptionsResponse,
  type InvitationPreviewResponse,
  type InvitationSummary,
  type SendInvitationResponse,
} from '@testerhub/shared/invitation-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { fieldErrorText } from '../../lib/form-errors';
import { requestErrorMessage } from '../../lib/request-error';
import { BLANK_NUMBER, useSchemaForm } from '../../lib/use-schema-form';
import { useInvitationOptions, useInvitations, usePreviewInvitation, useSendInvitation } from '../api/invitations';
import { CountsList, when } from './invitation-counts';

/** Recruiters: invitations to studies, chosen by filters, counted before sending, sent at the configured rate (decision 052). */
export function InvitationsPage() {
  usePageTitle('Invitations');
  return (
    <RequiresRole role="recruiter">
      <Invitations />
    </RequiresRole>
  );
}

function Invitations() {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1') || 1;
  const list = useInvitations({ page });
  const goTo = (next: number) => setSearch(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams());
  return (
    <>
      <h1>Invitations</h1>
      <p>
        Invite testers to a study by e-mail. Choose the study and the testers, check how many match, then send.
        {list.data && ` E-mails go out at ${list.data.mailsPerMinute} a minute; the list shows how many were sent, clicked and answered.`}
      </p>
      <NewInvitation />
      <h2>Sent invitations</h2>
      {list.isPending && <p aria-busy="true">Loading invitations…</p>}
      {list.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(list.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.data && list.data.invitations.length === 0 && <p>No invitations sent yet.</p>}
      {list.data && list.data.invitations.length > 0 && (
        <ol className="staff-people" data-testid="invitations" aria-busy={list.isFetching}>
          {list.data.invitations.map((invitation) => (
            <InvitationCard key={invitation.invitationId} invitation={invitation} />
          ))}
        </ol>
      )}
      {list.data && (
        <Pages page={list.data.page} hasMore={list.data.hasMore} label="Invitation pages" onPage={(next) => goTo(next)} newestFirst />
      )}
    </>
  );
}

function InvitationCard({ invitation }: { invitation: InvitationSummary }) {
  const headingId = `invitation-${invitation.invitationId}`;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="staff-order-title">
        <Link to={`/staff/invitations/${invitation.invitationId}`}>
          Invitation #{invitation.invitationId}: {invitation.studyName || `Study ${invitation.studyNo}`}
        </Link>
      </h3>
      <p>
        Study {invitation.studyNo}, sent by {invitation.createdBy} on{' '}
        <time dateTime={invitation.createdAt}>{when(invitation.createdAt)}</time>
      </p>
      <CountsList counts={invitation.counts} />
    </li>
  );
}

function NewInvitation() {
  const options = useInvitationOptions();
  return (
    <section className="staff-card" aria-labelledby="new-invitation">
      <h2 id="new-invitation">New invitation</h2>
      {options.isPending && <p aria-busy="true">Loading studies and filters…</p>}
      {options.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(options.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void options.refetch()}>
            Try again
          </button>
        </div>
      )}
      {options.data && options.data.studies.length === 0 && <p>No study is open: open a study before inviting testers to it.</p>}
      {options.data && options.data.studies.length > 0 && <InvitationForm options={options.data} />}
    </section>
  );
}

/** The form's values: the preview call's payload, the numbers typed as text (numberField: empty is no limit). */
const EMPTY_INVITATION: InvitationPreviewPayload = {
  studyNo: BLANK_NUMBER,
  // An empty number box is missing, which the schema reads as no limit (null).
  filters: { minAge: undefined, maxAge: undefined, siteIds: [], answerIds: [], notTestedMonths: undefined },
};

function InvitationForm({ options }: { options: InvitationOptionsResponse }) {
  const id = useId();
  // Checked by the preview call's schema when a count is asked for, then as the typing goes on.
  const { numberField, handleSubmit, formState, setValue, watch } = useSchemaForm(invitationPreviewSchema, {
    mode: 'onSubmit',
    defaultValues: EMPTY_INVITATION,
  });
  // The idempotency key of this form's sending: a double submit or a retry sends once; a new one after success.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [preview, setPreview] = useState<InvitationPreviewResponse | null>(null);
  const [outcome, setOutcome] = useState<SendInvitationResponse | { status: 'failed'; message: string } | null>(null);
  const previewCall = usePreviewInvitation();
  const sendCall = useSendInvitation();

  /** Any change makes the count stale: it is asked again before sending. */
  const staleCount = () => {
    setPreview(null);
    setOutcome(null);
  };
  const siteIds = watch('filters.siteIds') ?? [];
  const answerIds = watch('filters.answerIds') ?? [];
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  /** A ticked or unticked site or answer: the list goes through the form (checked again once sent), and the count is stale. */
  const tick = (name: 'filters.siteIds' | 'filters.answerIds', list: string[] | number[]) => {
    setValue(name, list, { shouldValidate: formState.isSubmitted });
    staleCount();
  };

  const runPreview = handleSubmit(
    async (payload) => {
      setOutcome(null);
      try {
        setPreview(await previewCall.mutateAsync(payload));
      } catch (error) {
        setPreview({ status: 'failed', message: requestErrorMessage(error), matched: 0, alreadyInvited: 0 });
      }
    },
    () => setOutcome(null),
  );

  const send = handleSubmit(async (payload) => {
    try {
      const answer = await sendCall.mutateAsync({ ...payload, requestId });
      setOutcome(answer);
      if (answer.status === 'succeed') {
        setPreview(null);
        setRequestId(crypto.randomUUID());
      }
    } catch (error) {
      setOutcome({ status: 'failed', message: requestErrorMessage(error) });
    }
  });

  const toInvite = preview && preview.status === 'succeed' ? preview.matched - preview.alreadyInvited : 0;
  const sitesError = fieldErrorText(formState.errors, 'filters.siteIds');
  const answersError = fieldErrorText(formState.errors, 'filters.answerIds');
  return (
    <form className="staff-form" onSubmit={(event) => void runPreview(event)} noValidate aria-labelledby="new-invitation">
      <SelectField
        label="Study"
        placeholder="Choose a study"
        options={options.studies.map((study) => ({ value: String(study.studyNo), label: `${study.studyNo}: ${study.name}` }))}
        {...numberField('studyNo', { onChange: staleCount })}
      />
      <div className="staff-filters">
        <TextField label="Lowest age" inputMode="numeric" {...numberField('filters.minAge', { onChange: staleCount })} hint="Empty: any" />
        <TextField label="Highest age" inputMode="numeric" {...numberField('filters.maxAge', { onChange: staleCount })} hint="Empty: any" />
        <TextField
          label="Last tested more than … months ago"
          inputMode="numeric"
          {...numberField('filters.notTestedMonths', { onChange: staleCount })}
          hint="Testers never tested match too. Empty: any"
        />
      </div>
      <fieldset className="staff-roles" aria-describedby={sitesError ? `${id}-sites-error` : `${id}-sites-hint`}>
        <legend>Test sites</legend>
        <p id={`${id}-sites-hint`}>None chosen: every site.</p>
        {options.sites.map((site) => (
          <label key={site.siteId} className="staff-check">
            <input
              type="checkbox"
              checked={siteIds.includes(site.siteId)}
              onChange={(event) => tick('filters.siteIds', toggle(siteIds, site.siteId, event.target.checked))}
            />
            {site.name}
          </label>
        ))}
        {sitesError && (
          <p id={`${id}-sites-error`} className="form-field__error" role="alert">
            {sitesError}
          </p>
        )}
      </fieldset>
      {options.answers.length > 0 && (
        <fieldset className="staff-roles" aria-describedby={answersError ? `${id}-answers-error` : `${id}-answers-hint`}>
          <legend>About-me answers</legend>
          <p id={`${id}-answers-hint`}>Testers must hold every answer chosen. None chosen: any.</p>
          {options.answers.map((answer) => (
            <label key={answer.answerId} className="staff-check">
              <input
                type="checkbox"
                checked={answerIds.includes(answer.answerId)}
                onChange={(event) => tick('filters.answerIds', toggle(answerIds, answer.answerId, event.target.checked))}
              />
              {answer.question}: {answer.answer}
            </label>
          ))}
          {answersError && (
            <p id={`${id}-answers-error`} className="form-field__error" role="alert">
              {answersError}
            </p>
          )}
        </fieldset>
      )}
      <p>
        Never invited: suspended or black-listed testers, testers who turned invitation e-mail off, and testers who already screened, booked
        or were invited to this study.
      </p>
      <div>
        <SubmitButton pending={previewCall.isPending} label="Preview count" pendingLabel="Counting…" />
      </div>
      <div role="status" aria-live="polite">
        {preview && preview.status === 'failed' && <p className="staff-problem">{preview.message}</p>}
        {preview && preview.status === 'succeed' && (
          <p data-testid="invitation-preview">
            {preview.matched} {preview.matched === 1 ? 'tester matches' : 'testers match'}
            {preview.alreadyInvited > 0 && `, ${preview.alreadyInvited} of them invited to this study already`}. {toInvite}{' '}
            {toInvite === 1 ? 'tester' : 'testers'} would be invited.
          </p>
        )}
        {outcome && (
          <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>
            {outcome.message}
            {outcome.status === 'succeed' && 'invitationId' in outcome && (
              <>
                {' '}
                <Link to={`/staff/invitations/${outcome.invitationId}`}>Follow invitation #{outcome.invitationId}</Link>
              </>
            )}
          </p>
        )}
      </div>
      {preview && preview.status === 'succeed' && toInvite > 0 && (
        <div>
          <button type="button" className="staff-button" disabled={sendCall.isPending} onClick={() => void send()}>
            {sendCall.isPending ? 'Sending…' : `Send to ${toInvite} ${toInvite === 1 ? 'tester' : 'testers'}`}
          </button>
        </div>
      )}
      {preview && preview.status === 'succeed' && toInvite === 0 && <p>{INVITATION_TEXTS.nobodyMatched}</p>}
    </form>
  );
}
