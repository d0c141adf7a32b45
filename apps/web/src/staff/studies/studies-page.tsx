import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STUDY_LIST_STATUSES, STUDY_STATE_LABELS, type StudyListStatus } from '@testerhub/shared/study-admin-schemas';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useStudies } from '../api/studies';
import { Pages, RequiresRole } from '../shell/staff-page-parts';

const FILTER_LABELS: Record<StudyListStatus, string> = { open: 'Open studies', closed: 'Closed or opening later', all: 'All studies' };
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Recruiters: the studies, open or closed, found by number or name (decision 050). */
export function StudiesPage() {
  usePageTitle('Studies');
  return (
    <RequiresRole role="recruiter">
      <Studies />
    </RequiresRole>
  );
}

function Studies() {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('status') ?? 'open';
  const status = (STUDY_LIST_STATUSES as readonly string[]).includes(wanted) ? (wanted as StudyListStatus) : 'open';
  const q = search.get('q') ?? '';
  const page = Number(search.get('page') ?? '1') || 1;
  const [typed, setTyped] = useState(q);
  const studies = useStudies({ status, q, page });
  const goTo = (next: { status?: string; q?: string; page?: number }) => {
    const params = new URLSearchParams({ status: next.status ?? status });
    const words = next.q ?? q;
    if (words) params.set('q', words);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    goTo({ q: typed.trim(), page: 1 });
  };
  return (
    <>
      <h1>Studies</h1>
      <p>
        <Link className="staff-button" to="/staff/studies/new">
          New study
        </Link>
      </p>
      <div className="staff-filters">
        <SelectField
          label="Show"
          value={status}
          options={STUDY_LIST_STATUSES.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          onChange={(event) => goTo({ status: event.target.value, page: 1 })}
        />
        <form role="search" className="staff-form" onSubmit={find}>
          <TextField label="Study number or name" value={typed} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit" className="staff-button staff-button--quiet">
            Search
          </button>
        </form>
      </div>
      {studies.isPending && <p aria-busy="true">Loading studies…</p>}
      {studies.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(studies.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void studies.refetch()}>
            Try again
          </button>
        </div>
      )}
      {studies.data && studies.data.studies.length === 0 && <p>{q ? `No studies match “${q}”.` : 'No studies here yet.'}</p>}
      {studies.data && studies.data.studies.length > 0 && (
        <ol className="staff-people" data-testid="studies" aria-busy={studies.isFetching}>
          {studies.data.studies.map((study) => (
            <li key={study.studyNo} className="staff-card">
              <h2 className="staff-order-title">
                <Link to={`/staff/studies/${study.studyNo}`}>
                  {study.studyNo}: {study.studyBasicInfo}
                </Link>
              </h2>
              <dl className="staff-facts staff-order-facts">
                <dt>State</dt>
                <dd>{STUDY_STATE_LABELS[study.state]}</dd>
                <dt>Opens</dt>
                <dd>{day(study.opensAt)}</dd>
                <dt>Closes</dt>
                <dd>{study.closesAt ? day(study.closesAt) : 'When staff close it'}</dd>
                <dt>Qualified</dt>
                <dd>
                  {study.qualifiedCount}
                  {study.recruitTarget !== null && ` of ${study.recruitTarget}`}
                </dd>
                <dt>Screener</dt>
                <dd>{study.screenerKind === 'hosted' ? 'Hosted here' : 'Outside tool'}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
      {studies.data && (
        <Pages page={studies.data.page} hasMore={studies.data.hasMore} label="Study pages" onPage={(next) => goTo({ page: next })} />
      )}
    </>
  );
}
