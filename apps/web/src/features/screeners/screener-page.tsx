import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useScreeners } from './api/get-screeners';
import { chipColour, isKidStudy, type Screener } from './study-kind';
import './screener-page.css';

/**
 * /community/main/screener: the studies open to this tester (spec 2, section 2). Choosing a
 * study (screener dialogs, child selection, waiting list) is a later issue's work, so the
 * cards are not interactive yet.
 */
export function ScreenerPage() {
  usePageTitle('Screeners');
  const query = useScreeners();
  // Loading, error (with Try again), empty and list: each state is explicit (a 401 stays
  // 'pending' while the QueryClient takes the tester to login).
  const status = viewStatus(query);
  const screeners = query.data ?? [];

  return (
    <section aria-labelledby="screeners-title" aria-busy={status === 'pending'}>
      <h1 id="screeners-title" className="screeners__title">
        Available studies
      </h1>
      <p className="screeners__intro">Studies you may qualify for. Complete a screener to see whether you are a match.</p>
      {status === 'pending' && (
        <>
          <p role="status" className="visually-hidden">
            Loading studies…
          </p>
          <div className="screeners__list" aria-hidden="true">
            <div className="screeners__skeleton" />
            <div className="screeners__skeleton" />
          </div>
        </>
      )}
      {status === 'error' && (
        <div className="screeners__error" role="alert">
          <p>We could not load the studies. Please try again.</p>
          <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {status === 'success' && screeners.length === 0 && <p className="screeners__empty">{ENTRY_TEXTS.noScreeners}</p>}
      {status === 'success' && screeners.length > 0 && (
        <ul className="screeners__list" aria-label="Studies">
          {screeners.map((screener) => (
            <ScreenerCard key={screener.screenerStudyNo} screener={screener} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ScreenerCard({ screener }: { screener: Screener }) {
  const kid = isKidStudy(screener);
  return (
    <li className={kid ? 'screener-card screener-card--kid' : 'screener-card'} data-testid="screener-card">
      <span className="screener-card__icon">{kid ? <KidIcon /> : <AdultIcon />}</span>
      <div className="screener-card__meta">
        <span className="screener-card__colour">
          <span className="screener-card__chip" style={{ background: chipColour(screener.colorName) }} aria-hidden="true" />
          {screener.colorName}
        </span>
        <span className="screener-card__label">{screener.testerLabel}</span>
        {screener.isWaitingList && <span className="screener-card__waiting">Waiting list</span>}
      </div>
      <p className="screener-card__info">{screener.studyBasicInfo}</p>
      <p className="screener-card__info">
        <span className="screener-card__coins">
          <CoinIcon />
          {screener.coinValue} coins
        </span>
      </p>
    </li>
  );
}

function KidIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" role="img" aria-label="Kid study" focusable="false">
      <circle cx="12" cy="7" r="4" fill="currentColor" />
      <path d="M6 22v-5a6 6 0 0 1 12 0v5z" fill="currentColor" />
      <path d="M9.5 6.5h.01M14.5 6.5h.01" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function AdultIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" role="img" aria-label="Adult study" focusable="false">
      <circle cx="12" cy="6" r="3.5" fill="currentColor" />
      <path d="M5 23v-7.5A5.5 5.5 0 0 1 10.5 10h3a5.5 5.5 0 0 1 5.5 5.5V23z" fill="currentColor" />
    </svg>
  );
}

function CoinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="#f2b134" stroke="#7a5200" strokeWidth="1.5" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#7a5200" strokeWidth="1.2" />
    </svg>
  );
}
