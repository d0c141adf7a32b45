import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  reviewDuplicateSchema,
  type DuplicateAccount,
  type DuplicateOutcome,
  type DuplicateSignal,
  type DuplicatesResponse,
  type MergePreview,
  type TesterActionResponse,
} from '@testerhub/shared/staff-testers-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { DUPLICATES_TABLE, duplicatesQueryFor, useDuplicates, useMergePreview, useReviewDuplicate } from '../api/testers';
import { DataTable, useTableSearchParams, type TableColumn } from '../shell/data-table';
import { LoadFailed, RequiresRole } from '../shell/staff-page-parts';
import './duplicates-page.css';

/** What each signal means, in the recruiters' words (decision 129 says exactly what counts). */
export const SIGNAL_TEXTS: Record<DuplicateSignal, string> = {
  email: 'Same e-mail (dots or +tag aside)',
  phone: 'Same phone',
  address: 'Same street address and ZIP',
  device: 'Signed in on the same browser',
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const nameOf = (account: DuplicateAccount) => `${account.firstName} ${account.lastName}`;
const counted = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

type Pair = DuplicatesResponse['pairs'][number];
/** A review asked from a row, waiting for its confirmation. */
type Asked = { pair: Pair; outcome: DuplicateOutcome };

/** Each outcome's row button, the confirmation's title and its confirm button (decisions 129, 144). */
const OUTCOMES: Record<DuplicateOutcome, { action: string; title: (pair: Pair) => string; confirm: string }> = {
  notDuplicate: {
    action: 'Not a duplicate',
    title: (pair) => `${nameOf(pair.older)} and ${nameOf(pair.newer)} are different people?`,
    confirm: 'Mark as different people',
  },
  blockNewer: {
    action: 'Block the newer',
    title: (pair) => `Block ${nameOf(pair.newer)}, the newer account?`,
    confirm: 'Block the newer account',
  },
  mergeNewer: {
    action: 'Merge into the older',
    title: (pair) => `Merge ${nameOf(pair.newer)} into ${nameOf(pair.older)}?`,
    confirm: 'Merge into the older account',
  },
};

/** Recruiters: accounts that look like one person's, newest first, each pair reviewed once (decisions 129, 144). */
export function DuplicatesPage() {
  usePageTitle('Possible duplicate accounts');
  return (
    <RequiresRole role="recruiter">
      <Duplicates />
    </RequiresRole>
  );
}

function Duplicates() {
  const table = useTableSearchParams(DUPLICATES_TABLE);
  const list = useDuplicates(duplicatesQueryFor(table.state));
  const [outcome, setOutcome] = useState<TesterActionResponse | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const columns = useMemo(() => pairColumns(setAsked), []);
  return (
    <>
      <h1>Possible duplicate accounts</h1>
      <p>
        Pairs of accounts that share an e-mail address (once dots in a Gmail address and any +tag are set aside), a phone number, a street
        address with its ZIP, or a browser both signed in on; newest account first. Until a pair sharing an e-mail or a phone is reviewed,
        neither account can start a screener. Merging moves the newer account’s coins, children, staff notes and referrals to the older
        account and closes the newer one; its screening history and past bookings stay with it.
      </p>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      {list.isPending && <p aria-busy="true">Loading…</p>}
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && table.state.q === '' && table.state.page === 1 && <p>No possible duplicates to review.</p>}
      {list.data && (list.data.total > 0 || table.state.q !== '' || table.state.page > 1) && (
        <DataTable
          caption="Possible duplicate accounts"
          columns={columns}
          rows={list.data.pairs}
          total={list.data.total}
          state={table.state}
          onChange={table.onChange}
          rowKey={(pair) => `${pair.older.testerId}-${pair.newer.testerId}`}
          rowLabel={(pair) => `${nameOf(pair.older)} and ${nameOf(pair.newer)}`}
          rowTestId="duplicate-row"
          filterLabel="Find a name or username"
          empty="No pair’s names or usernames hold that text."
          busy={list.isFetching}
          testId="duplicates-table"
        />
      )}
      {asked && (
        <ReviewDialog
          key={`${asked.pair.newer.testerId}-${asked.outcome}`}
          asked={asked}
          onClose={() => setAsked(null)}
          onOutcome={(answer) => {
            setOutcome(answer);
            setAsked(null);
          }}
        />
      )}
    </>
  );
}

/** The table's columns: the newer account names the row; the last column asks for a review (decision 144). */
function pairColumns(onAsk: (asked: Asked) => void): readonly TableColumn<Pair>[] {
  return [
    {
      key: 'newerCreatedAt',
      header: 'Newer account',
      firstDir: 'desc',
      rowHeader: true,
      cell: (pair) => <AccountCell account={pair.newer} />,
    },
    { key: 'olderCreatedAt', header: 'Older account', firstDir: 'desc', cell: (pair) => <AccountCell account={pair.older} /> },
    {
      key: 'signals',
      header: 'Shared',
      sortable: false,
      cell: (pair) => (
        <ul className="duplicate-signals">
          {pair.signals.map((signal) => (
            <li key={signal}>{SIGNAL_TEXTS[signal]}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'review',
      header: 'Review',
      sortable: false,
      cell: (pair) => (
        <div className="duplicate-actions">
          {(Object.keys(OUTCOMES) as DuplicateOutcome[]).map((outcome) => (
            <button
              key={outcome}
              type="button"
              className={outcome === 'notDuplicate' ? 'staff-button staff-button--quiet' : 'staff-button'}
              aria-label={`${OUTCOMES[outcome].action}: ${nameOf(pair.newer)} (${pair.newer.username})`}
              onClick={() => onAsk({ pair, outcome })}
            >
              {OUTCOMES[outcome].action}
            </button>
          ))}
        </div>
      ),
    },
  ];
}

function AccountCell({ account }: { account: DuplicateAccount }) {
  return (
    <>
      <Link to={`/staff/testers/${account.testerId}`}>{nameOf(account)}</Link>
      <br />
      {account.username} · {account.email} · {account.phone}
      <br />
      Joined <time dateTime={account.createdAt}>{day(account.createdAt)}</time>
      {account.blackList && ' · on the blackList'}
    </>
  );
}

/** One confirmation for each review: the reason, and for a merge what it will move or what stops it. */
function ReviewDialog({
  asked,
  onClose,
  onOutcome,
}: {
  asked: Asked;
  onClose: () => void;
  onOutcome: (answer: TesterActionResponse) => void;
}) {
  const { pair, outcome } = asked;
  const review = useReviewDuplicate();
  const preview = useMergePreview(outcome === 'mergeNewer' ? [pair.older.testerId, pair.newer.testerId] : null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = `review-${pair.newer.testerId}`;
  const blocked = outcome === 'mergeNewer' && (!preview.data || preview.data.blockers.length > 0 || preview.data.status !== 'succeed');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewDuplicateSchema.safeParse({ testerIds: [pair.older.testerId, pair.newer.testerId], outcome, reason });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || blocked) return;
    try {
      onOutcome(await review.mutateAsync(parsed.data));
    } catch (failure) {
      onOutcome({ status: 'failed', message: requestErrorMessage(failure) });
    }
  };
  return (
    <ModalDialog
      title={OUTCOMES[outcome].title(pair)}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <button type="submit" form={formId} className="staff-button" disabled={review.isPending || blocked}>
          {review.isPending ? 'Saving…' : OUTCOMES[outcome].confirm}
        </button>
      }
    >
      {outcome === 'notDuplicate' && <p>The pair is no longer shown, and both accounts may screen again.</p>}
      {outcome === 'blockNewer' && (
        <p>
          {pair.newer.username} goes on the blackList: it sees no studies and no screener. Its coins and everything else stay on it;{' '}
          {pair.older.username} may screen again.
        </p>
      )}
      {outcome === 'mergeNewer' && <MergeSummary pair={pair} preview={preview} />}
      <form id={formId} className="staff-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Reason for the review"
          value={reason}
          autoComplete="off"
          onChange={(event) => setReason(event.target.value)}
          error={error}
        />
      </form>
    </ModalDialog>
  );
}

/** What the merge will move from the newer account (read from the server before it is confirmed), or why it cannot. */
function MergeSummary({ pair, preview }: { pair: Pair; preview: ReturnType<typeof useMergePreview> }) {
  if (preview.isPending) return <p aria-busy="true">Reading what the merge would move…</p>;
  if (preview.isError) return <p className="staff-problem">{requestErrorMessage(preview.error)}</p>;
  const plan: MergePreview = preview.data;
  if (plan.status !== 'succeed') return <p className="staff-problem">{plan.message}</p>;
  if (plan.blockers.length > 0)
    return (
      <div className="staff-problem" data-testid="merge-blockers">
        {plan.blockers.map((blocker) => (
          <p key={blocker}>{blocker}</p>
        ))}
      </div>
    );
  return (
    <div data-testid="merge-summary">
      <p>
        From {pair.newer.username} to {pair.older.username}, the merge moves:
      </p>
      <ul>
        <li>{counted(plan.coins, 'coin', 'coins')} (taken from the newer account’s balance and added to the older one’s)</li>
        <li>{counted(plan.children, 'child', 'children')} (a child the older account has already stays)</li>
        <li>{counted(plan.notes, 'staff note', 'staff notes')}</li>
        <li>{counted(plan.referrals, 'referral made', 'referrals made')}</li>
      </ul>
      <p>
        Its screening history, past bookings, coin history and experience stay with {pair.newer.username}, which then goes on the blackList.{' '}
        {pair.older.firstName} is e-mailed that the accounts were joined.
      </p>
    </div>
  );
}

/** On a tester's page: the other accounts that look like theirs, and why (decision 129). */
export function PossibleDuplicates({ testerId }: { testerId: string }) {
  const list = useDuplicates({ page: 1, testerId });
  return (
    <section aria-labelledby="tester-duplicates">
      <h2 id="tester-duplicates">Possible duplicates</h2>
      {list.isPending && <p aria-busy="true">Loading…</p>}
      {/* Not an alert: the page's own records are what a failed read must announce; this part is secondary. */}
      {list.isError && (
        <p className="staff-problem">
          {requestErrorMessage(list.error)}{' '}
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void list.refetch()}>
            Read the possible duplicates again
          </button>
        </p>
      )}
      {list.data && list.data.pairs.length === 0 && <p>No other account looks like this one.</p>}
      {list.data && list.data.pairs.length > 0 && (
        <>
          <ul data-testid="tester-duplicates">
            {list.data.pairs.map((pair) => {
              const other = pair.older.testerId === testerId ? pair.newer : pair.older;
              return (
                <li key={other.testerId}>
                  <Link to={`/staff/testers/${other.testerId}`}>{nameOf(other)}</Link> ({other.username}, joined {day(other.createdAt)}):{' '}
                  {pair.signals.map((signal) => SIGNAL_TEXTS[signal]).join('; ')}
                </li>
              );
            })}
          </ul>
          <p>
            <Link to="/staff/testers/duplicates">Review possible duplicates</Link>
          </p>
        </>
      )}
    </section>
  );
}
