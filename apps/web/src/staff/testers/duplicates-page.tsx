import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DUPLICATE_PAGE_ROWS,
  reviewDuplicateSchema,
  type DuplicateAccount,
  type DuplicateSignal,
  type DuplicatesResponse,
  type TesterActionResponse,
} from '@testerhub/shared/staff-testers-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useDuplicates, useReviewDuplicate } from '../api/testers';
import { LoadFailed, Pages, RequiresRole } from '../shell/staff-page-parts';

/** What each signal means, in the recruiters' words (decision 129 says exactly what counts). */
export const SIGNAL_TEXTS: Record<DuplicateSignal, string> = {
  email: 'Same e-mail (dots or +tag aside)',
  phone: 'Same phone',
  address: 'Same street address and ZIP',
  device: 'Signed in on the same browser',
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const nameOf = (account: DuplicateAccount) => `${account.firstName} ${account.lastName}`;

type Pair = DuplicatesResponse['pairs'][number];

/** Recruiters: accounts that look like one person's, newest first, each pair reviewed once (decision 129). */
export function DuplicatesPage() {
  usePageTitle('Possible duplicate accounts');
  return (
    <RequiresRole role="recruiter">
      <Duplicates />
    </RequiresRole>
  );
}

function Duplicates() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDuplicates(page);
  const [outcome, setOutcome] = useState<TesterActionResponse | null>(null);
  return (
    <>
      <h1>Possible duplicate accounts</h1>
      <p>
        Pairs of accounts that share an e-mail address (once dots in a Gmail address and any +tag are set aside), a phone number, or a
        street address with its ZIP, newest account first, {DUPLICATE_PAGE_ROWS} a page. Until a pair sharing an e-mail or a phone is
        reviewed, neither account can start a screener.
      </p>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? undefined : 'staff-problem'}>{outcome.message}</p>}
      </div>
      {list.isPending && <p aria-busy="true">Loading…</p>}
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.pairs.length === 0 && <p>No possible duplicates to review.</p>}
      {list.data && list.data.pairs.length > 0 && (
        <table className="staff-table" data-testid="duplicates-table">
          <thead>
            <tr>
              <th scope="col">Accounts</th>
              <th scope="col">Shared</th>
              <th scope="col">Joined</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {list.data.pairs.map((pair) => (
              <PairRow key={`${pair.older.testerId}-${pair.newer.testerId}`} pair={pair} onOutcome={setOutcome} />
            ))}
          </tbody>
        </table>
      )}
      {list.data && (
        <Pages
          page={page}
          hasMore={list.data.hasMore}
          label="Duplicate pages"
          newestFirst
          onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      )}
    </>
  );
}

function PairRow({ pair, onOutcome }: { pair: Pair; onOutcome: (outcome: TesterActionResponse | null) => void }) {
  const review = useReviewDuplicate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = `${nameOf(pair.older)} and ${nameOf(pair.newer)}`;
  const send = async (outcome: 'notDuplicate' | 'blockNewer') => {
    const parsed = reviewDuplicateSchema.safeParse({ testerIds: [pair.older.testerId, pair.newer.testerId], outcome, reason });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    onOutcome(null);
    try {
      onOutcome(await review.mutateAsync(parsed.data));
    } catch (failure) {
      onOutcome({ status: 'failed', message: requestErrorMessage(failure) });
    }
  };
  return (
    <tr aria-label={label}>
      <td>
        <AccountLine account={pair.older} />
        <br />
        <AccountLine account={pair.newer} newer />
      </td>
      <td>
        <ul>
          {pair.signals.map((signal) => (
            <li key={signal}>{SIGNAL_TEXTS[signal]}</li>
          ))}
        </ul>
      </td>
      <td>
        <time dateTime={pair.older.createdAt}>{day(pair.older.createdAt)}</time>
        <br />
        <time dateTime={pair.newer.createdAt}>{day(pair.newer.createdAt)}</time>
      </td>
      <td>
        <form className="staff-form" aria-label={`Review ${label}`} noValidate onSubmit={(event) => event.preventDefault()}>
          <TextField
            label="Reason for the review"
            value={reason}
            autoComplete="off"
            onChange={(event) => setReason(event.target.value)}
            error={error}
          />
          <button
            type="button"
            className="staff-button staff-button--quiet"
            disabled={review.isPending}
            onClick={() => void send('notDuplicate')}
          >
            Different people
          </button>
          <button type="button" className="staff-button" disabled={review.isPending} onClick={() => void send('blockNewer')}>
            Block the newer account
          </button>
        </form>
      </td>
    </tr>
  );
}

function AccountLine({ account, newer = false }: { account: DuplicateAccount; newer?: boolean }) {
  return (
    <>
      <Link to={`/staff/testers/${account.testerId}`}>{nameOf(account)}</Link> ({account.username}, {account.email}, {account.phone})
      {newer ? ' · newer' : ' · older'}
      {account.blackList && ' · on the blackList'}
    </>
  );
}

/** On a tester's page: the other accounts that look like theirs, and why (decision 129). */
export function PossibleDuplicates({ testerId }: { testerId: string }) {
  const list = useDuplicates(1, testerId);
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
