import { Fragment, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  adjustCoinsSchema,
  deleteTesterSchema,
  liftSuspensionSchema,
  setBlackListSchema,
  type TesterActionResponse,
  type TesterPage as TesterPageData,
} from '@testerhub/shared/staff-testers-schemas';
import { BOOKING_STATUS_TEXTS, SCREENING_STATUS_TEXTS, studyLabel, SUSPENSION_REASON_TEXTS, wordFor } from '@testerhub/shared/staff-words';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { BLANK_NUMBER, useSchemaForm } from '../../lib/use-schema-form';
import { PossibleDuplicates } from './duplicates-page';
import {
  AUDIT_TABLE,
  LEDGER_TABLE,
  testerExportHref,
  useAdjustCoins,
  useDeleteTester,
  useLiftSuspension,
  useSetBlackList,
  useTester,
} from '../api/testers';
import { RequiresRole } from '../shell/staff-page-parts';
import { DataTable, useClientTable, useTableSearchParams, type TableColumn, type TableState } from '../shell/data-table';
import { TesterNotes } from './tester-notes';
import { utcMoment } from '../shell/company-clock';
import { auditActionText, auditChangeParts } from '@testerhub/shared/audit-words';

type Row = Record<string, unknown>;
type OnOutcome = (outcome: TesterActionResponse | null) => void;

const when = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '–';
const day = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }) : '–';
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '–' : String(value));

/** Recruiters: one tester's records, as tables (decision 136), and the changes staff may make to them (decision 053). */
export function TesterPage() {
  usePageTitle('Tester');
  const { testerId = '' } = useParams();
  return (
    <RequiresRole role="recruiter">
      <Tester testerId={testerId} />
    </RequiresRole>
  );
}

function Tester({ testerId }: { testerId: string }) {
  const ledgerTable = useTableSearchParams(LEDGER_TABLE, 'ledger');
  const auditTable = useTableSearchParams(AUDIT_TABLE, 'audit');
  const page = useTester(testerId, { ledger: ledgerTable.state, audit: auditTable.state });
  const [outcome, setOutcome] = useState<TesterActionResponse | null>(null);
  return (
    <>
      <p>
        <Link to="/staff/testers">Back to the search</Link>
      </p>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      {page.isPending && <p aria-busy="true">Loading the tester…</p>}
      {page.isError && (
        <div role="alert">
          <h1>Tester</h1>
          <p className="staff-problem">{requestErrorMessage(page.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void page.refetch()}>
            Try again
          </button>
        </div>
      )}
      {page.data && !page.data.tester && (
        <>
          <h1>Tester</h1>
          <p className="staff-problem">{page.data.message}</p>
        </>
      )}
      {page.data?.tester && (
        <TesterRecords
          testerId={testerId}
          tester={page.data.tester}
          onOutcome={setOutcome}
          auditTable={auditTable.state}
          onAuditTable={auditTable.onChange}
          ledgerTable={ledgerTable.state}
          onLedgerTable={ledgerTable.onChange}
          refreshing={page.isFetching}
        />
      )}
    </>
  );
}

function TesterRecords({
  testerId,
  tester,
  onOutcome,
  auditTable,
  onAuditTable,
  ledgerTable,
  onLedgerTable,
  refreshing,
}: {
  testerId: string;
  tester: TesterPageData;
  onOutcome: OnOutcome;
  auditTable: TableState;
  onAuditTable: (next: TableState) => void;
  ledgerTable: TableState;
  onLedgerTable: (next: TableState) => void;
  refreshing: boolean;
}) {
  const profile = tester.profile;
  const study = (studyNo: unknown) => studyLabel(studyNo, tester.studyNames[String(studyNo)]);
  return (
    <>
      <h1>
        {shown(profile.firstName)} {shown(profile.lastName)}
      </h1>
      <dl className="staff-facts" data-testid="tester-facts">
        <dt>Username</dt>
        <dd>{shown(profile.username)}</dd>
        <dt>E-mail</dt>
        <dd>{shown(profile.email)}</dd>
        <dt>Phone</dt>
        <dd>{shown(profile.phone)}</dd>
        <dt>Address</dt>
        <dd>
          {shown(profile.address)}, {shown(profile.city)}, {shown(profile.state)} {shown(profile.zipCode)}
        </dd>
        <dt>Born</dt>
        <dd>{day(profile.birthDate)}</dd>
        <dt>Registered</dt>
        <dd>{when(profile.createdAt)}</dd>
        <dt>Coins</dt>
        <dd data-testid="tester-coins">{tester.coins}</dd>
        <dt>Level and experience</dt>
        <dd>
          Level {tester.level}, {tester.exp} experience
        </dd>
        <dt>BlackList</dt>
        <dd data-testid="tester-blacklist">{tester.blackList ? 'On: sees no studies' : 'Off'}</dd>
        <dt>Suspension</dt>
        <dd data-testid="tester-suspension">{tester.suspendedUntil ? `Suspended until ${day(tester.suspendedUntil)}` : 'None in force'}</dd>
      </dl>

      <section aria-labelledby="tester-actions">
        <h2 id="tester-actions">Changes</h2>
        <p>Each change needs a reason; it is kept in the audit trail below.</p>
        <AdjustCoins testerId={testerId} onOutcome={onOutcome} />
        <BlackList testerId={testerId} on={tester.blackList} onOutcome={onOutcome} />
        {tester.suspendedUntil && <LiftSuspension testerId={testerId} onOutcome={onOutcome} />}
      </section>

      <PossibleDuplicates testerId={testerId} />

      <TesterNotes testerId={testerId} />

      <RecordsTable
        title="Bookings"
        id="bookings"
        rows={tester.bookings}
        empty="No bookings."
        filterLabel="Find a booking"
        sort={{ sort: 'session', dir: 'desc' }}
        columns={[
          { key: 'study', header: 'Study', rowHeader: true, cell: (row) => study(row.studyNo), value: (row) => study(row.studyNo) },
          {
            key: 'session',
            header: 'Session',
            firstDir: 'desc',
            cell: (row) => `${when(row.startsAt)} to ${when(row.endsAt)}`,
            value: (row) => shown(row.startsAt),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (row) => wordFor(BOOKING_STATUS_TEXTS, row.status),
            value: (row) => wordFor(BOOKING_STATUS_TEXTS, row.status),
          },
          {
            key: 'child',
            header: 'For a child',
            cell: (row) => (row.childId ? 'Yes' : 'No'),
            value: (row) => (row.childId ? 'Yes' : 'No'),
          },
        ]}
      />
      <RecordsTable
        title="Screeners"
        id="screeners"
        rows={tester.screenings}
        empty="No screeners answered."
        filterLabel="Find a screener"
        sort={{ sort: 'started', dir: 'desc' }}
        columns={[
          { key: 'study', header: 'Study', rowHeader: true, cell: (row) => study(row.studyNo), value: (row) => study(row.studyNo) },
          {
            key: 'status',
            header: 'Status',
            cell: (row) => wordFor(SCREENING_STATUS_TEXTS, row.status),
            value: (row) => wordFor(SCREENING_STATUS_TEXTS, row.status),
          },
          { key: 'started', header: 'Started', firstDir: 'desc', cell: (row) => when(row.startedAt), value: (row) => shown(row.startedAt) },
          {
            key: 'completed',
            header: 'Completed',
            firstDir: 'desc',
            cell: (row) => when(row.completedAt),
            value: (row) => nullable(row.completedAt),
          },
        ]}
      />
      <RecordsTable
        title="Children"
        id="children"
        rows={tester.children}
        empty="No children registered."
        filterLabel="Find a child"
        sort={{ sort: 'name', dir: 'asc' }}
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, cell: (row) => fullName(row), value: (row) => fullName(row) },
          { key: 'born', header: 'Born', cell: (row) => day(row.birthDate), value: (row) => nullable(row.birthDate) },
          {
            key: 'confirmed',
            header: 'Confirmed',
            cell: (row) => (row.confirmedAt ? when(row.confirmedAt) : 'Not yet'),
            value: (row) => nullable(row.confirmedAt),
          },
        ]}
      />
      <RecordsTable
        title="Referrals"
        id="referrals"
        rows={tester.referrals}
        empty="No referrals made."
        filterLabel="Find a referral"
        sort={{ sort: 'made', dir: 'desc' }}
        columns={[
          { key: 'referred', header: 'Referred', rowHeader: true, cell: (row) => fullName(row), value: (row) => fullName(row) },
          { key: 'status', header: 'Status', cell: (row) => shown(row.status), value: (row) => shown(row.status) },
          { key: 'made', header: 'Made', firstDir: 'desc', cell: (row) => when(row.createdAt), value: (row) => nullable(row.createdAt) },
        ]}
      />
      <section aria-labelledby="tester-ledger">
        <h2 id="tester-ledger">Coin ledger</h2>
        <DataTable
          caption="Coin ledger"
          columns={LEDGER_COLUMNS}
          rows={tester.ledger}
          total={tester.ledgerTotal}
          state={ledgerTable}
          onChange={onLedgerTable}
          rowKey={(entry) => entry.id}
          filterLabel="Find a kind of change"
          empty={ledgerTable.q === '' ? 'No coin changes.' : 'No coin change’s words hold that text.'}
          busy={refreshing}
          testId="tester-ledger"
        />
      </section>
      <RecordsTable
        title="Suspensions"
        id="suspensions"
        rows={tester.suspensions}
        empty="Never suspended."
        filterLabel="Find a suspension"
        sort={{ sort: 'from', dir: 'desc' }}
        columns={[
          {
            key: 'from',
            header: 'From',
            rowHeader: true,
            firstDir: 'desc',
            cell: (row) => when(row.startsAt),
            value: (row) => nullable(row.startsAt),
          },
          { key: 'until', header: 'Until', firstDir: 'desc', cell: (row) => when(row.endsAt), value: (row) => nullable(row.endsAt) },
          {
            key: 'why',
            header: 'Why',
            cell: (row) => wordFor(SUSPENSION_REASON_TEXTS, row.reason),
            value: (row) => wordFor(SUSPENSION_REASON_TEXTS, row.reason),
          },
          {
            key: 'lifted',
            header: 'Lifted',
            cell: (row) => (row.liftedAt ? `${when(row.liftedAt)}: ${shown(row.liftReason)}` : 'No'),
            value: (row) => (row.liftedAt ? `${shown(row.liftedAt)} ${shown(row.liftReason)}` : null),
          },
        ]}
      />
      <section aria-labelledby="tester-audit">
        <h2 id="tester-audit">Audit trail</h2>
        <p>{AUDIT_TIMES_NOTE}</p>
        <DataTable
          caption="Audit trail"
          columns={AUDIT_COLUMNS}
          rows={tester.audit}
          total={tester.auditTotal}
          state={auditTable}
          onChange={onAuditTable}
          rowKey={(entry) => entry.id}
          rowTestId="audit-entry"
          filterLabel="Find an action or reason"
          empty={auditTable.q.trim() === '' ? 'No staff changes to this tester.' : 'No change’s action or reason holds that text.'}
          busy={refreshing}
          testId="tester-audit"
        />
      </section>

      <section aria-labelledby="tester-privacy">
        <h2 id="tester-privacy">Privacy requests</h2>
        <p>
          <a className="staff-button staff-button--quiet" href={testerExportHref(testerId)} download>
            Download the tester’s data
          </a>
        </p>
        <DeleteTester testerId={testerId} username={shown(profile.username)} onOutcome={onOutcome} />
      </section>
    </>
  );
}

/** The audit trail is the audit log's, in UTC as the log says it (decisions 135 and 139). */
const AUDIT_TIMES_NOTE = 'Times in the audit trail are in UTC, as in the audit log.';

const AUDIT_COLUMNS: readonly TableColumn<TesterPageData['audit'][number]>[] = [
  {
    key: 'at',
    header: 'When',
    firstDir: 'desc',
    rowHeader: true,
    cell: (entry) => <time dateTime={entry.at}>{utcMoment(entry.at)}</time>,
  },
  { key: 'staff', header: 'Who', cell: (entry) => shown(entry.staffName) },
  { key: 'action', header: 'What', cellTestId: 'audit-action', cell: (entry) => auditActionText(entry.action) },
  {
    key: 'change',
    header: 'Change',
    sortable: false,
    cell: (entry) => {
      const parts = auditChangeParts(entry.before, entry.after);
      return parts.length === 0
        ? '–'
        : parts.map((part, index) => (
            <Fragment key={part.field}>
              {index > 0 && '; '}
              {part.field}: <span>{part.change}</span>
            </Fragment>
          ));
    },
  },
];

const LEDGER_COLUMNS: readonly TableColumn<TesterPageData['ledger'][number]>[] = [
  { key: 'createdAt', header: 'When', firstDir: 'desc', rowHeader: true, cell: (entry) => when(entry.createdAt) },
  { key: 'what', header: 'What', sortable: false, cell: (entry) => entry.reasonText },
  { key: 'coins', header: 'Coins', firstDir: 'desc', cell: (entry) => entry.coins },
  { key: 'experience', header: 'Experience', firstDir: 'desc', cell: (entry) => entry.experience },
];

const nullable = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const fullName = (row: Row) => `${shown(row.firstName)} ${shown(row.lastName)}`;

/** One of the tester's shorter lists (all its rows come with the page) as a table sorted, filtered and paged here. */
function RecordsTable({
  title,
  id,
  rows,
  empty,
  filterLabel,
  sort,
  columns,
}: {
  title: string;
  id: string;
  rows: readonly Row[];
  empty: string;
  filterLabel: string;
  sort: Pick<TableState, 'sort' | 'dir'>;
  columns: TableColumn<Row>[];
}) {
  const table = useClientTable(rows, columns, sort);
  return (
    <section aria-labelledby={`tester-${id}`}>
      <h2 id={`tester-${id}`}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          {...table}
          rowKey={(row) => String(row.id ?? JSON.stringify(row))}
          filterLabel={filterLabel}
          empty="Nothing here holds that text."
          testId={`tester-${id}`}
        />
      )}
    </section>
  );
}

/** Sends a change and announces its answer (or the request's error) above the page. */
function useAnnounce(onOutcome: OnOutcome) {
  return async (call: () => Promise<TesterActionResponse>) => {
    onOutcome(null);
    try {
      const answer = await call();
      onOutcome(answer);
      return answer;
    } catch (error) {
      onOutcome({ status: 'failed', message: requestErrorMessage(error) });
      return null;
    }
  };
}

function AdjustCoins({ testerId, onOutcome }: { testerId: string; onOutcome: OnOutcome }) {
  const adjust = useAdjustCoins();
  const announce = useAnnounce(onOutcome);
  const empty = { testerId, coins: BLANK_NUMBER, reason: '' };
  // Checked by the call's schema when sent (the tester's id rides along unseen), then as the typing goes on.
  const { field, numberField, handleSubmit, reset } = useSchemaForm(adjustCoinsSchema, { mode: 'onSubmit', defaultValues: empty });
  const submit = handleSubmit(async (payload) => {
    const answer = await announce(() => adjust.mutateAsync(payload));
    if (answer?.status === 'succeed') reset(empty);
  });
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Adjust coins">
      <h3>Adjust coins</h3>
      <TextField
        label="Coins (negative to take away)"
        inputMode="numeric"
        autoComplete="off"
        {...numberField('coins')}
        hint="The balance cannot go below zero."
      />
      <TextField label="Reason for the adjustment" autoComplete="off" {...field('reason')} />
      <button type="submit" className="staff-button" disabled={adjust.isPending} aria-busy={adjust.isPending}>
        {adjust.isPending ? 'Adjusting…' : 'Adjust coins'}
      </button>
    </form>
  );
}

/** A change that needs only a reason: one labelled field and its button, checked with the shared schema. */
function ReasonForm<Payload>({
  name,
  intro,
  label,
  button,
  busy,
  parse,
  send,
  onOutcome,
}: {
  name: string;
  intro?: string;
  label: string;
  button: string;
  busy: boolean;
  parse: (reason: string) => { success: true; data: Payload } | { success: false; error: { issues: readonly { message: string }[] } };
  send: (payload: Payload) => Promise<TesterActionResponse>;
  onOutcome: OnOutcome;
}) {
  const announce = useAnnounce(onOutcome);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(reason);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    if ((await announce(() => send(parsed.data)))?.status === 'succeed') setReason('');
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={name}>
      <h3>{name}</h3>
      {intro && <p>{intro}</p>}
      <TextField label={label} value={reason} autoComplete="off" onChange={(event) => setReason(event.target.value)} error={error} />
      <button type="submit" className="staff-button staff-button--quiet" disabled={busy} aria-busy={busy}>
        {button}
      </button>
    </form>
  );
}

function BlackList({ testerId, on, onOutcome }: { testerId: string; on: boolean; onOutcome: OnOutcome }) {
  const set = useSetBlackList();
  return (
    <ReasonForm
      name="BlackList"
      intro="A blackListed tester sees no studies and can answer no screener."
      label={on ? 'Reason for taking them off the blackList' : 'Reason for the blackList'}
      button={on ? 'Take off the blackList' : 'Put on the blackList'}
      busy={set.isPending}
      parse={(reason) => setBlackListSchema.safeParse({ testerId, blackList: !on, reason })}
      send={set.mutateAsync}
      onOutcome={onOutcome}
    />
  );
}

function LiftSuspension({ testerId, onOutcome }: { testerId: string; onOutcome: OnOutcome }) {
  const lift = useLiftSuspension();
  return (
    <ReasonForm
      name="Lift the suspension"
      label="Reason for lifting the suspension"
      button={lift.isPending ? 'Lifting…' : 'Lift the suspension'}
      busy={lift.isPending}
      parse={(reason) => liftSuspensionSchema.safeParse({ testerId, reason })}
      send={lift.mutateAsync}
      onOutcome={onOutcome}
    />
  );
}

function DeleteTester({ testerId, username, onOutcome }: { testerId: string; username: string; onOutcome: OnOutcome }) {
  const remove = useDeleteTester();
  const announce = useAnnounce(onOutcome);
  const { field, handleSubmit } = useSchemaForm(deleteTesterSchema, {
    mode: 'onSubmit',
    defaultValues: { testerId, confirmation: '', reason: '' },
  });
  // On success the page reads the tester again and says they are gone; the outcome stays above it.
  const submit = handleSubmit(async (payload) => {
    await announce(() => remove.mutateAsync(payload));
  });
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Delete the tester">
      <h3>Delete the account</h3>
      <p>
        Deletes the account, its children and everything that names them, and gives back their seats. It cannot be undone. Type{' '}
        <strong>{username}</strong> to confirm.
      </p>
      <TextField label="The tester’s username" autoComplete="off" {...field('confirmation')} />
      <TextField label="Reason for the deletion" autoComplete="off" {...field('reason')} />
      <button type="submit" className="staff-button staff-button--danger" disabled={remove.isPending} aria-busy={remove.isPending}>
        {remove.isPending ? 'Deleting…' : 'Delete the account'}
      </button>
    </form>
  );
}
