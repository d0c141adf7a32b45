import { Link, useSearchParams } from 'react-router';
import { QuotaFillTable } from '../studies/quota-fill';
import { formatMoment } from '@testerhub/shared/schedule-format';
import { RESULTS_PAGE_SCREENINGS, WAITING_REASON_TEXTS, type StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { BOOKING_STATUS_TEXTS, SCREENING_STATUS_TEXTS } from '@testerhub/shared/staff-words';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { studyResultsCsvUrl, useStudyResults } from '../api/study-results';
import { StudyFunnel } from '../reports/study-funnel';
import { Pages, RequiresRole } from '../shell/staff-page-parts';
import { useStudyNo } from './sessions-page';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Person = { testerName: string; username: string; childName: string | null };
const who = (person: Person) => (person.childName ? `${person.childName} (child of ${person.testerName})` : person.testerName);

/** Recruiters: a study's screener results, waiting list and bookings per group, and the CSV export (decision 051). */
export function StudyResultsPage() {
  usePageTitle('Study results');
  const studyNo = useStudyNo();
  return (
    <RequiresRole role="recruiter">
      {studyNo === null ? <p role="alert">That is not a study number.</p> : <Results studyNo={studyNo} />}
    </RequiresRole>
  );
}

/** The page of screenings in the address (?page=2), so it survives a reload and can be shared. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  return [page, (next) => setParams(next === 1 ? {} : { page: String(next) })];
}

function Results({ studyNo }: { studyNo: number }) {
  const [page, setPage] = usePageParam();
  const results = useStudyResults(studyNo, page);
  return (
    <>
      <h1>Results{results.data ? `: ${results.data.studyName}` : ''}</h1>
      <p>
        Study {studyNo}. <Link to={`/staff/studies/${studyNo}/sessions`}>Session groups</Link>
      </p>
      <p>
        <a className="staff-button" href={studyResultsCsvUrl(studyNo)} download>
          Download answers and bookings (CSV)
        </a>
      </p>
      {results.isPending && <p aria-busy="true">Loading results…</p>}
      {results.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(results.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void results.refetch()}>
            Try again
          </button>
        </div>
      )}
      <StudyFunnel studyNo={studyNo} />
      {results.data && <ResultSections results={results.data} onPage={setPage} />}
    </>
  );
}

/** "Screenings 201–400 of 950" and the Newer and Older buttons. */
function ScreeningPages({ results, onPage }: { results: StudyResultsResponse; onPage: (page: number) => void }) {
  const first = (results.screeningsPage - 1) * RESULTS_PAGE_SCREENINGS + 1;
  const last = first + results.screeningsShown - 1;
  const hasMore = last < results.screeningsTotal;
  return (
    <>
      <p aria-live="polite">
        {results.screeningsPage > 1 || hasMore
          ? `Screenings ${first}–${last} of ${results.screeningsTotal}, newest first; the CSV holds them all.`
          : `${results.screeningsTotal} in all, newest first.`}
      </p>
      <Pages page={results.screeningsPage} hasMore={hasMore} label="Screener results pages" onPage={onPage} newestFirst />
    </>
  );
}

function ResultSections({ results, onPage }: { results: StudyResultsResponse; onPage: (page: number) => void }) {
  return (
    <>
      <QuotaFillTable quotas={results.quotaFill} />
      <section aria-labelledby="screenings">
        <h2 id="screenings">Screener results</h2>
        {results.screenings.length === 0 ? (
          <p>Nobody has taken this study’s screener yet.</p>
        ) : (
          <>
            <ScreeningPages results={results} onPage={onPage} />
            <ol className="staff-people" data-testid="screenings">
              {results.screenings.map((screening, index) => (
                <li key={index} className="staff-card">
                  <h3 className="staff-order-title">{who(screening)}</h3>
                  <dl className="staff-facts">
                    <dt>Username</dt>
                    <dd>{screening.username}</dd>
                    <dt>Outcome</dt>
                    <dd>{SCREENING_STATUS_TEXTS[screening.outcome]}</dd>
                    <dt>Started</dt>
                    <dd>
                      <time dateTime={screening.startedAt}>{when(screening.startedAt)}</time>
                    </dd>
                    {screening.completedAt && (
                      <>
                        <dt>Completed</dt>
                        <dd>
                          <time dateTime={screening.completedAt}>{when(screening.completedAt)}</time>
                        </dd>
                      </>
                    )}
                    {results.questions.map((question) =>
                      screening.answers[String(question.id)] === undefined ? null : (
                        <div key={question.id} className="staff-answer">
                          <dt>{question.prompt}</dt>
                          <dd>{screening.answers[String(question.id)]}</dd>
                        </div>
                      ),
                    )}
                  </dl>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      <section aria-labelledby="waiting">
        <h2 id="waiting">Waiting list</h2>
        {results.waitingList.length === 0 ? (
          <p>Nobody is waiting for this study.</p>
        ) : (
          <ol className="staff-people" data-testid="waiting-list">
            {results.waitingList.map((entry, index) => (
              <li key={index} className="staff-card">
                <strong>{who(entry)}</strong> ({entry.username}): {WAITING_REASON_TEXTS[entry.reason]}
                {entry.groups.length > 0 && `, groups ${entry.groups.join(', ')}`}, since{' '}
                <time dateTime={entry.addedAt}>{when(entry.addedAt)}</time>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="bookings">
        <h2 id="bookings">Bookings per group</h2>
        {results.groups.length === 0 && <p>This study has no session groups yet.</p>}
        {results.groups.map((group) => (
          <div key={group.groupId} className="staff-card" data-testid="group-bookings">
            <h3 className="staff-order-title">
              Group {group.cell} ({group.color}){group.siteName ? `, ${group.siteName}` : ''}
            </h3>
            <p>
              {group.firstStart ? `First session ${formatMoment(group.firstStart, group.timeZone)}. ` : ''}
              {group.taken} booked of {group.seats} seats.
            </p>
            {group.bookings.length === 0 ? (
              <p>No bookings yet.</p>
            ) : (
              <ul>
                {group.bookings.map((booking, index) => (
                  <li key={index}>
                    {who(booking)} ({booking.username}): {BOOKING_STATUS_TEXTS[booking.status]}, booked{' '}
                    <time dateTime={booking.bookedAt}>{when(booking.bookedAt)}</time>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </section>
    </>
  );
}
