import { useRef, useState } from 'react';
import { QuotaFillTable } from './quota-fill';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  NEW_STUDY_DEFAULTS,
  STUDY_STATE_LABELS,
  type CreateStudyPayload,
  type StudyChangeResponse,
  type StudyDetail,
  type StudyFormOptions,
} from '@testerhub/shared/study-admin-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { formatMoment } from '@testerhub/shared/schedule-format';
import { instantOnClock, instantToWallClock, wallClockInput, zoneLabel } from '@testerhub/shared/wall-clock';
import { ModalDialog } from '../../components/modal-dialog';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useSessionGroups } from '../api/session-groups';
import { useCreateStudy, useSaveStudy, useSetStudyOpen, useStudy, useStudyFormOptions } from '../api/studies';
import { useOpenSectionsState, type OpenSectionsState } from '../shell/collapsible-section';
import { RequiresRole } from '../shell/staff-page-parts';
import { blankQuestion, StudyForm, studyTimeZone, type StudyFormValues } from './study-form';
import { missingBeforeTesters, seatsText } from './study-readiness';
import { MessageComposer } from '../sessions/message-composer';

type BoundForm = UseFormReturn<StudyFormValues, unknown, CreateStudyPayload>;

/**
 * The form's dates as instants (ISO, UTC), read on the study's clock (its site's, or the company's
 * online; decision 135), never the browser's: the server reads a zoneless date the same way.
 */
const withInstants = (payload: CreateStudyPayload, options: StudyFormOptions): CreateStudyPayload => {
  const timeZone = studyTimeZone(options, payload.siteId);
  return {
    ...payload,
    opensAt: instantOnClock(payload.opensAt, timeZone).toISOString(),
    closesAt: payload.closesAt ? instantOnClock(payload.closesAt, timeZone).toISOString() : null,
  };
};

/** Shows a refusal on its field (when the server names one) and above the form. */
type OutcomeState = { ok: boolean; message: string } | null;

function useOutcome(kept?: [OutcomeState, (outcome: OutcomeState) => void]) {
  const form = useRef<BoundForm | null>(null);
  const own = useState<OutcomeState>(null);
  const [outcome, setOutcome] = kept ?? own;
  const show = (answer: StudyChangeResponse) => {
    setOutcome({ ok: answer.status === 'succeed', message: answer.message });
    if (answer.status === 'failed' && answer.field && answer.field !== 'version' && form.current)
      form.current.setError(answer.field as never, { message: answer.message });
  };
  const bind = (bound: BoundForm) => {
    form.current = bound;
  };
  return { outcome, setOutcome, show, bind };
}

function Outcome({ outcome, children }: { outcome: { ok: boolean; message: string } | null; children?: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {outcome && (
        <div className={outcome.ok ? 'staff-done' : 'staff-problem'} data-testid="study-outcome">
          <p>{outcome.message}</p>
          {children}
        </div>
      )}
    </div>
  );
}

function Loading({
  options,
  render,
}: {
  options: ReturnType<typeof useStudyFormOptions>;
  render: (data: StudyFormOptions) => React.ReactNode;
}) {
  if (options.isPending) return <p aria-busy="true">Loading the form…</p>;
  if (options.isError)
    return (
      <div role="alert">
        <p className="staff-problem">{requestErrorMessage(options.error)}</p>
        <button type="button" className="staff-button staff-button--quiet" onClick={() => void options.refetch()}>
          Try again
        </button>
      </div>
    );
  return <>{render(options.data)}</>;
}

/** Tomorrow at 9:00 on the study's clock (decision 135): a new study opens when the recruiter says. */
function tomorrowMorning() {
  return `${instantToWallClock(new Date(Date.now() + 24 * 3600_000), COMPANY.timeZone).date}T09:00`;
}

const NEW_STUDY: () => StudyFormValues = () => ({
  ...NEW_STUDY_DEFAULTS,
  targetAnswerIds: [],
  studyNo: null as unknown as number,
  colorName: '',
  studyBasicInfo: '',
  opensAt: tomorrowMorning(),
  screener: { questions: [blankQuestion()], quotas: [] },
});

/** /staff/studies/new: a study with its screener (decision 050). */
export function StudyNewPage() {
  usePageTitle('New study');
  return (
    <RequiresRole role="recruiter">
      <NewStudy />
    </RequiresRole>
  );
}

function NewStudy() {
  const options = useStudyFormOptions();
  const create = useCreateStudy();
  const navigate = useNavigate();
  const { outcome, setOutcome, show, bind } = useOutcome();
  const [defaults] = useState(NEW_STUDY);
  const submit = async (payload: CreateStudyPayload, options: StudyFormOptions) => {
    setOutcome(null);
    try {
      const answer = await create.mutateAsync(withInstants(payload, options));
      if (answer.status === 'succeed') await navigate(`/staff/studies/${answer.studyNo}`, { state: { created: answer.message } });
      else show(answer);
    } catch (error) {
      setOutcome({ ok: false, message: requestErrorMessage(error) });
    }
  };
  return (
    <>
      <p>
        <Link to="/staff/studies">All studies</Link>
      </p>
      <h1>New study</h1>
      <Outcome outcome={outcome} />
      <Loading
        options={options}
        render={(data) => (
          <StudyForm
            defaults={defaults}
            options={data}
            isNew
            answeredCount={0}
            returnSecretEnding={null}
            busy={create.isPending}
            submitLabel="Create the study"
            pendingLabel="Creating…"
            onSubmit={(payload) => void submit(payload, data)}
            bind={bind}
            sectionsOpen
          />
        )}
      />
    </>
  );
}

/** /staff/studies/:studyNo: the study's fields and screener, its preview, open and close (decision 050). */
export function StudyPage() {
  const { studyNo } = useParams();
  usePageTitle(`Study ${studyNo ?? ''}`);
  const number = Number(studyNo);
  return (
    <RequiresRole role="recruiter">
      {Number.isSafeInteger(number) && number > 0 ? (
        <Study studyNo={number} />
      ) : (
        <p className="staff-problem" role="alert">
          This study does not exist.
        </p>
      )}
    </RequiresRole>
  );
}

function Study({ studyNo }: { studyNo: number }) {
  const study = useStudy(studyNo);
  const options = useStudyFormOptions();
  // The version the recruiter opened: the form is made again only when they load the study anew.
  const [opened, setOpened] = useState<StudyDetail | null>(null);
  // Kept here: the editor is made again after a change, and the outcome and whether it is open must outlive it.
  const created = (useLocation().state as { created?: string } | null)?.created;
  const outcome = useState<OutcomeState>(created ? { ok: true, message: created } : null);
  const editing = useState(false);
  const openSections = useOpenSectionsState();
  const shown = opened ?? (study.data?.status === 'succeed' ? study.data.study : null);
  if (study.isPending) return <p aria-busy="true">Loading the study…</p>;
  if (study.isError)
    return (
      <div role="alert">
        <p className="staff-problem">{requestErrorMessage(study.error)}</p>
        <button type="button" className="staff-button staff-button--quiet" onClick={() => void study.refetch()}>
          Try again
        </button>
      </div>
    );
  if (study.data.status === 'failed' || !shown)
    return (
      <>
        <p className="staff-problem" role="alert">
          {study.data.status === 'failed' ? study.data.message : 'This study does not exist.'}
        </p>
        <Link to="/staff/studies">All studies</Link>
      </>
    );
  const reload = async () => {
    const fresh = await study.refetch();
    if (fresh.data?.status === 'succeed') setOpened(fresh.data.study);
  };
  return (
    <Loading
      options={options}
      render={(data) => (
        <StudyEditor
          key={shown.version}
          study={shown}
          options={data}
          reload={reload}
          kept={outcome}
          editing={editing}
          openSections={openSections}
        />
      )}
    />
  );
}

/** A date on the study's clock, with the zone said: "Monday, December 1st, 2026, 9:00 AM CST". */
const onClock = (instant: string, timeZone: string) => formatMoment(instant, timeZone);

/**
 * The study at a glance (decision 135): its state, dates on its clock, site, seats, qualified of
 * target, quota fill and what it lacks before it can take testers.
 */
function StudySummary({
  study,
  options,
  groups,
  missing,
}: {
  study: StudyDetail;
  options: StudyFormOptions;
  groups: ReturnType<typeof useSessionGroups>;
  missing: string[];
}) {
  const timeZone = studyTimeZone(options, study.siteId);
  const site = options.sites.find((candidate) => candidate.id === study.siteId);
  return (
    <section aria-labelledby="study-summary-heading" className="staff-card study-summary" data-testid="study-summary">
      <h2 id="study-summary-heading">Summary</h2>
      <dl className="staff-facts study-summary__facts">
        <dt>State</dt>
        <dd data-testid="study-state">{STUDY_STATE_LABELS[study.state]}</dd>
        <dt>Opens</dt>
        <dd data-testid="study-opens">{onClock(study.opensAt, timeZone)}</dd>
        <dt>Closes</dt>
        <dd>{study.closesAt ? onClock(study.closesAt, timeZone) : 'When staff close it'}</dd>
        <dt>Test site</dt>
        <dd>{site ? site.name : 'Online only'}</dd>
        <dt>Seats</dt>
        <dd data-testid="study-seats">
          {groups.isPending ? 'Loading…' : groups.isError ? 'Could not be read' : seatsText(groups.data.groups)}
        </dd>
        <dt>Qualified</dt>
        <dd>
          {study.qualifiedCount}
          {study.recruitTarget !== null && ` of ${study.recruitTarget}`}
        </dd>
        <dt>Screener answers</dt>
        <dd>{study.answeredCount}</dd>
      </dl>
      <p className="form-field__hint">
        Times are in {zoneLabel(timeZone)}, {site ? 'the test site’s clock' : 'the company’s clock (online study)'}.
      </p>
      <QuotaFillTable quotas={study.quotaFill} />
      <h3 id="study-missing-heading">Before it can take testers</h3>
      {missing.length > 0 ? (
        <ul className="staff-problem" aria-labelledby="study-missing-heading" data-testid="study-missing">
          {missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p data-testid="study-missing">Nothing missing.</p>
      )}
    </section>
  );
}

function StudyEditor({
  study,
  options,
  reload,
  kept,
  editing: [editing, setEditing],
  openSections,
}: {
  study: StudyDetail;
  options: StudyFormOptions;
  reload: () => Promise<void>;
  kept: [OutcomeState, (outcome: OutcomeState) => void];
  editing: [boolean, (editing: boolean) => void];
  openSections: OpenSectionsState;
}) {
  const save = useSaveStudy();
  const setOpen = useSetStudyOpen();
  const groups = useSessionGroups(study.studyNo);
  const { outcome, setOutcome, show, bind } = useOutcome(kept);
  const [changed, setChanged] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { version, state, qualifiedCount: _q, answeredCount, externalReturnSecretEnding, quotaFill: _quotaFill, ...fields } = study;
  const timeZone = studyTimeZone(options, fields.siteId);
  const [defaults] = useState<StudyFormValues>(() => ({
    ...fields,
    // Write-only (decision 077): empty keeps the secret set now.
    externalReturnSecret: null,
    opensAt: wallClockInput(fields.opensAt, timeZone),
    closesAt: fields.closesAt ? wallClockInput(fields.closesAt, timeZone) : null,
  }));
  const missing = missingBeforeTesters(study, groups.data?.groups);
  const run = async (call: () => Promise<StudyChangeResponse>, thenReload: boolean) => {
    setOutcome(null);
    setChanged(false);
    try {
      const answer = await call();
      show(answer);
      if (answer.status === 'failed' && answer.field === 'version') setChanged(true);
      if (answer.status === 'succeed' && thenReload) await reload();
    } catch (error) {
      setOutcome({ ok: false, message: requestErrorMessage(error) });
    }
  };
  const open = state !== 'open';
  const setOpenNow = () => void run(() => setOpen.mutateAsync({ studyNo: study.studyNo, version, open }), true);
  return (
    <>
      <p>
        <Link to="/staff/studies">All studies</Link>
      </p>
      <h1>
        Study {study.studyNo}: {study.studyBasicInfo}
      </h1>
      <StudySummary study={study} options={options} groups={groups} missing={missing} />
      <ul className="staff-sections">
        <li>
          <Link to={`/staff/studies/${study.studyNo}/sessions`}>Session groups</Link>: sites, days, seats and pay.
        </li>
        <li>
          <Link to={`/staff/studies/${study.studyNo}/results`}>Results</Link>: screener answers, waiting list, bookings and CSV.
        </li>
      </ul>
      {messaging ? (
        <MessageComposer
          studyNo={study.studyNo}
          audience={{ scope: 'study' }}
          onDone={(message) => (setMessaging(false), setOutcome({ ok: true, message }))}
          onClose={() => setMessaging(false)}
        />
      ) : (
        <p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => (setOutcome(null), setMessaging(true))}>
            Message the study’s people
          </button>{' '}
          <Link to={`/staff/studies/${study.studyNo}/sessions`}>Messages sent</Link> are listed with the session groups.
        </p>
      )}
      <p className="form-field__hint">
        {open
          ? 'Opening lets testers see the study on their screener list now.'
          : 'Closing takes the study off testers’ screener lists and ends its invitations; seats already booked stay booked.'}
      </p>
      <p>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={setOpen.isPending}
          // Opening a study that lacks something asks first, naming what it lacks (decision 135).
          onClick={() => (open && missing.length > 0 ? setConfirming(true) : setOpenNow())}
        >
          {open ? 'Open now' : 'Close now'}
        </button>
      </p>
      {confirming && (
        <ModalDialog
          title="Open the study with something missing?"
          closeLabel="Not now"
          onClose={() => setConfirming(false)}
          actions={
            <button type="button" className="button button--outline" onClick={() => (setConfirming(false), setOpenNow())}>
              Open anyway
            </button>
          }
        >
          <p>Testers will see the study on their screener list, but it lacks:</p>
          <ul data-testid="open-warning-missing">
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </ModalDialog>
      )}
      <Outcome outcome={outcome}>
        {changed && (
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void reload()}>
            Reload the study
          </button>
        )}
      </Outcome>
      <p>
        <button
          type="button"
          className="staff-button"
          aria-expanded={editing}
          aria-controls="study-editor"
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Close the editor' : 'Edit the study'}
        </button>
      </p>
      <div id="study-editor" hidden={!editing}>
        <StudyForm
          defaults={defaults}
          options={options}
          isNew={false}
          answeredCount={answeredCount}
          returnSecretEnding={externalReturnSecretEnding}
          busy={save.isPending}
          submitLabel="Save the study"
          pendingLabel="Saving…"
          onSubmit={(payload) => void run(() => save.mutateAsync({ ...withInstants(payload, options), version }), true)}
          bind={bind}
          sectionsOpen={false}
          openSections={openSections}
        />
      </div>
    </>
  );
}
