import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { testerSearchQuerySchema, TESTER_SEARCH_LIMIT, type TesterSummary } from '@testerhub/shared/staff-testers-schemas';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useTesterSearch } from '../api/testers';
import { DataTable, useClientTable, type TableColumn } from '../shell/data-table';
import { RequiresRole } from '../shell/staff-page-parts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Recruiters: find a tester by the start of their name, username, e-mail or phone (decision 053). */
export function TesterSearchPage() {
  usePageTitle('Testers');
  return (
    <RequiresRole role="recruiter">
      <TesterSearch />
    </RequiresRole>
  );
}

function TesterSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const results = useTesterSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testerSearchQuerySchema.safeParse({ q: typed });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) setParams({ q: parsed.data.q });
  };
  return (
    <>
      <h1>Testers</h1>
      <p>
        Type the start of a tester’s name (first name, or first and last), last name, username, e-mail address or phone number. Up to{' '}
        {TESTER_SEARCH_LIMIT} testers are shown.
      </p>
      <p>
        <Link to="/staff/testers/duplicates">Possible duplicate accounts</Link>
      </p>
      <form className="staff-filters" role="search" onSubmit={submit} noValidate aria-label="Find a tester">
        <TextField
          label="Name, username, e-mail or phone"
          value={typed}
          type="search"
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
        <button type="submit" className="staff-button">
          Search
        </button>
      </form>
      {q !== '' && results.isPending && <p aria-busy="true">Searching…</p>}
      {results.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(results.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void results.refetch()}>
            Try again
          </button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {results.data && results.data.testers.length === 0 && <p>No tester’s name, username, e-mail or phone starts with “{q}”.</p>}
        {results.data?.hasMore && <p>More than {TESTER_SEARCH_LIMIT} testers match: type more to narrow the search.</p>}
      </div>
      {results.data && results.data.testers.length > 0 && <TesterResults key={q} testers={results.data.testers} />}
    </>
  );
}

/** What staff tell a tester by: blocked or suspended, or nothing. */
function standingText(tester: TesterSummary) {
  const standing = [tester.blackList ? 'BlackList' : null, tester.suspendedUntil ? `Suspended until ${day(tester.suspendedUntil)}` : null];
  return standing.filter(Boolean).join('; ');
}

const RESULT_COLUMNS: readonly TableColumn<TesterSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    value: (tester) => `${tester.firstName} ${tester.lastName}`,
    cell: (tester) => (
      <Link to={`/staff/testers/${tester.testerId}`}>
        {tester.firstName} {tester.lastName}
      </Link>
    ),
  },
  { key: 'username', header: 'Username', value: (tester) => tester.username, cell: (tester) => tester.username },
  { key: 'email', header: 'E-mail', value: (tester) => tester.email, cell: (tester) => tester.email },
  { key: 'phone', header: 'Phone', value: (tester) => tester.phone, cell: (tester) => tester.phone },
  { key: 'standing', header: 'Standing', value: standingText, cell: standingText },
];

/** The search's answer is at most TESTER_SEARCH_LIMIT testers, all in hand: sorted, filtered and paged here (decision 140). */
function TesterResults({ testers }: { testers: readonly TesterSummary[] }) {
  const table = useClientTable(testers, RESULT_COLUMNS, { sort: 'name', dir: 'asc' });
  return (
    <DataTable
      caption="Testers found"
      columns={RESULT_COLUMNS}
      {...table}
      rowKey={(tester) => tester.testerId}
      rowTestId="tester-result"
      filterLabel="Filter the testers found"
      empty="None of the testers found holds that text."
      testId="tester-results"
    />
  );
}
