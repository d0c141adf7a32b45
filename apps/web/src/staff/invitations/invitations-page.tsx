import { useId, useState } from 'react';
import { RequiresRole } from '../shell/staff-page-parts';
import { Link } from 'react-router';
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
import { INVITATIONS_TABLE, useInvitationCount, useInvitationOptions, useInvitations, useSendInvitation } from '../api/invitations';
import { companyClockNote } from '../shell/company-clock';
import { DataTable, useTableSearchParams, type TableColumn } from '../shell/data-table';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { AboutMePicker } from './about-me-picker';
import { COUNT_LABELS, filtersText, when } from './invitation-counts';

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
  const table = useTableSearchParams(INVITATIONS_TABLE);
  const list = useInvitations(table.state);
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
      {list.data && (
        <>
          <p>{companyClockNote()}</p>
          <DataTable
            caption="Sent invitations"
            columns={INVITATION_COLUMNS}
            rows={list.data.invitations}
            total={list.data.total}
            state={table.state}
            onChange={table.onChange}
            rowKey={(invitation) => invitation.invitationId}
            rowTestId="invitation"
            filterLabel="Find a study by name or number"
            empty={table.state.q.trim() === '' ? 'No invitations sent yet.' : 'No invitation’s study holds that text.'}
            busy={list.isFetching}
            testId="invitations"
          />
        </>
      )}
    </>
  );
}

/** One row per sending: the study (its link), when and by whom, the filters in short, and each count (answered does not sort on the server). */
const INVITATION_COLUMNS: readonly TableColumn<InvitationSummary>[] = [
  {
    key: 'study',
    header: 'Study',
    rowHeader: true,
    cell: (invitation) => (
      <Link to={`/staff/invitations/${invitation.invitationId}`}>
        Invitation #{invitation.invitationId}: {invitation.studyName || `Study ${invitation.studyNo}`}
      </Link>
    ),
  },
  {
    key: 'createdAt',
    header: 'When sent',
    firstDir: 'desc',
    cell: (invitation) => (
      <>
        <time dateTime={invitation.createdAt}>{when(invitation.createdAt)}</time> by {invitation.createdBy}
      </>
    ),
  },
  {
    key: 'filters',
    header: 'Filters',
    sortable: false,
    cell: (invitation) => `Study ${invitation.studyNo}; ${filtersText(invitation.filters)}`,
  },
  ...COUNT_LABELS.map(([count, header]): TableColumn<InvitationSummary> => ({
    key: count,
    header,
    firstDir: 'desc',
    sortable: count !== 'answered',
    cell: (invitation) => <span data-count={count}>{invitation.counts[count]}</span>,
  })),
];

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
  filters: {
    minAge: undefined,
    maxAge: undefined,
    siteIds: [],
    answerIds: [],
    notTestedMonths: undefined,
    excludeStudyNos: [],
    excludeProjectTypes: [],
    excludeWithinMonths: undefined,
  },
};

/** How long the filters stay unchanged before they are counted: a count per pause in the typing, not per key. */
const COUNT_DELAY_MS = 300;

const testers = (count: number) => `${count} ${count === 1 ? 'tester' : 'testers'}`;

function InvitationForm({ options }: { options: InvitationOptionsResponse }) {
  const id = useId();
  // Checked by the preview call's schema as the recruiter types: the count follows the valid filters.
  const { numberField, formState, setValue, watch } = useSchemaForm(invitationPreviewSchema, {
    mode: 'onChange',
    defaultValues: EMPTY_INVITATION,
  });
  // The idempotency key of this form's sending: a double submit or a retry sends once; a new one after success.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [outcome, setOutcome] = useState<SendInvitationResponse | { status: 'failed'; message: string } | null>(null);
  // The filters of the last successful sending: not offered again (a double click sends once), until they change.
  const [sentText, setSentText] = useState<string | null>(null);
  const sendCall = useSendInvitation();

  // The live count: the filters as the schema reads them, once valid and unchanged for a moment.
  const parsed = invitationPreviewSchema.safeParse(watch());
  const payloadText = parsed.success ? JSON.stringify(parsed.data) : null;
  const countedText = useDebouncedValue(payloadText, COUNT_DELAY_MS);
  const count = useInvitationCount(countedText);
  /** The count shown is for the filters on screen (not an earlier answer kept while the next is asked). */
  const current = count.data !== undefined && !count.isPlaceholderData && countedText === payloadText;
  const preview: InvitationPreviewResponse | null = count.isError
    ? { status: 'failed', message: requestErrorMessage(count.error), matched: 0, alreadyInvited: 0 }
    : (count.data ?? null);

  /** Any change: the last sending's message goes. */
  const changed = () => setOutcome(null);
  const siteIds = watch('filters.siteIds') ?? [];
  const answerIds = watch('filters.answerIds') ?? [];
  const excludeStudyNos = watch('filters.excludeStudyNos') ?? [];
  const excludeProjectTypes = watch('filters.excludeProjectTypes') ?? [];
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  /** A list changed (a site, an answer, a study or kind left out): it goes through the form, checked at once. */
  const pick = (
    name: 'filters.siteIds' | 'filters.answerIds' | 'filters.excludeStudyNos' | 'filters.excludeProjectTypes',
    list: string[] | number[],
  ) => {
    setValue(name, list, { shouldValidate: true });
    changed();
  };

  const send = async () => {
    if (!current || countedText === null || countedText === sentText) return;
    try {
      const answer = await sendCall.mutateAsync({ ...(JSON.parse(countedText) as InvitationPreviewPayload), requestId });
      setOutcome(answer);
      if (answer.status === 'succeed') {
        setSentText(countedText);
        setRequestId(crypto.randomUUID());
      }
    } catch (error) {
      setOutcome({ status: 'failed', message: requestErrorMessage(error) });
    }
  };

  const toInvite = preview && preview.status === 'succeed' ? preview.matched - preview.alreadyInvited : 0;
  const sitesError = fieldErrorText(formState.errors, 'filters.siteIds');
  const studyNames = new Map(options.earlierStudies.map((study) => [study.studyNo, study.name]));
  const studyText = (studyNo: number) => `${studyNo}: ${studyNames.get(studyNo) ?? ''}`;
  return (
    <form className="staff-form" onSubmit={(event) => event.preventDefault()} noValidate aria-labelledby="new-invitation">
      <SelectField
        label="Study"
        placeholder="Choose a study"
        options={options.studies.map((study) => ({ value: String(study.studyNo), label: `${study.studyNo}: ${study.name}` }))}
        {...numberField('studyNo', { onChange: changed })}
      />
      <div className="staff-filters">
        <TextField label="Lowest age" inputMode="numeric" {...numberField('filters.minAge', { onChange: changed })} hint="Empty: any" />
        <TextField label="Highest age" inputMode="numeric" {...numberField('filters.maxAge', { onChange: changed })} hint="Empty: any" />
        <TextField
          label="Last tested more than … months ago"
          inputMode="numeric"
          {...numberField('filters.notTestedMonths', { onChange: changed })}
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
              onChange={(event) => pick('filters.siteIds', toggle(siteIds, site.siteId, event.target.checked))}
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
        <AboutMePicker
          legend="About-me answers"
          hint="Testers must hold every answer chosen. None chosen: any."
          answers={options.answers}
          picked={answerIds}
          onChange={(picked) => pick('filters.answerIds', picked)}
          error={fieldErrorText(formState.errors, 'filters.answerIds')}
        />
      )}
      <fieldset className="study-picks" aria-describedby={`${id}-took-part-hint`}>
        <legend>Leave out who took part</legend>
        <p id={`${id}-took-part-hint`} className="form-field__hint">
          Testers who attended, or are booked in, a chosen study or a study of a chosen kind (for themselves or a child). A no-show does not
          count.
        </p>
        {excludeStudyNos.length > 0 && (
          <ul className="about-me-picker__chips" aria-label="Earlier studies left out">
            {excludeStudyNos.map((studyNo) => (
              <li key={studyNo}>
                <button
                  type="button"
                  className="about-me-picker__chip"
                  aria-label={`Remove study ${studyText(studyNo)}`}
                  onClick={() => pick('filters.excludeStudyNos', toggle(excludeStudyNos, studyNo, false))}
                >
                  {studyText(studyNo)} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <SelectField
          label="Add an earlier study"
          placeholder="Choose a study to leave out"
          value=""
          options={options.earlierStudies
            .filter((study) => !excludeStudyNos.includes(study.studyNo))
            .map((study) => ({ value: String(study.studyNo), label: studyText(study.studyNo) }))}
          onChange={(event) => {
            if (event.target.value) pick('filters.excludeStudyNos', [...excludeStudyNos, Number(event.target.value)]);
          }}
          error={fieldErrorText(formState.errors, 'filters.excludeStudyNos')}
        />
        {options.projectTypes.length > 0 && (
          <fieldset className="staff-roles">
            <legend>Any study of these kinds</legend>
            {options.projectTypes.map((kind) => (
              <label key={kind.projectType} className="staff-check">
                <input
                  type="checkbox"
                  checked={excludeProjectTypes.includes(kind.projectType)}
                  onChange={(event) =>
                    pick('filters.excludeProjectTypes', toggle(excludeProjectTypes, kind.projectType, event.target.checked))
                  }
                />
                {kind.name}
              </label>
            ))}
          </fieldset>
        )}
        <TextField
          label="Taking part within the last … months"
          inputMode="numeric"
          {...numberField('filters.excludeWithinMonths', { onChange: changed })}
          hint="Empty: at any time"
        />
      </fieldset>
      <p>
        Never invited: suspended or black-listed testers, testers who turned invitation e-mail off, and testers who already screened, booked
        or were invited to this study.
      </p>
      <div role="status" aria-live="polite" aria-busy={count.isFetching || payloadText !== countedText}>
        {!Number.isInteger(watch('studyNo')) && <p>Choose a study to see how many testers match.</p>}
        {preview && preview.status === 'failed' && <p className="staff-problem">{preview.message}</p>}
        {preview && preview.status === 'succeed' && (
          <p data-testid="invitation-preview">
            {preview.matched} {preview.matched === 1 ? 'tester matches' : 'testers match'}
            {preview.alreadyInvited > 0 && `, ${preview.alreadyInvited} of them invited to this study already`}. {testers(toInvite)} would
            be invited.{!current && ' Updating…'}
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
      {current && preview?.status === 'succeed' && toInvite > 0 && countedText !== sentText && (
        <div>
          <button type="button" className="staff-button" disabled={sendCall.isPending} onClick={() => void send()}>
            {sendCall.isPending ? 'Sending…' : `Send to ${testers(toInvite)}`}
          </button>
        </div>
      )}
      {current && preview?.status === 'succeed' && toInvite === 0 && !outcome && <p>{INVITATION_TEXTS.nobodyMatched}</p>}
    </form>
  );
}
