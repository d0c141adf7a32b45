import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiGet } from '../../lib/api';
import { logError } from '../../lib/log';
import { isUnauthenticated } from '../../lib/request-error';
import { chipColour, isKidStudy, type Screener } from './study-kind';
import './screener-page.css';

type Load = { status: 'loading' } | { status: 'ready'; screeners: Screener[] } | { status: 'failed' };

/**
 * /community/main/screener: the studies open to this tester (spec 2, section 2). Choosing a
 * study (screener dialogs, child selection, waiting list) is a later issue's work, so the
 * cards are not interactive yet.
 */
export function ScreenerPage() {
  usePageTitle('Screeners');
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    apiGet<Screener[]>('/schedule/GetScreeners').then(
      (screeners) => active && setLoad({ status: 'ready', screeners }),
      (error: unknown) => {
        if (!active) return;
        if (isUnauthenticated(error)) navigate('/community/login', { replace: true });
        else {
          logError('screeners could not be loaded', error);
          setLoad({ status: 'failed' });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, navigate]);

  return (
    <section aria-labelledby="screeners-title" aria-busy={load.status === 'loading'}>
      <h1 id="screeners-title" className="screeners__title">
        Available studies
      </h1>
      <p className="screeners__intro">Studies you may qualify for. Complete a screener to see whether you are a match.</p>
      {load.status === 'loading' && (
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
      {load.status === 'failed' && (
        <div className="screeners__error" role="alert">
          <p>We could not load the studies. Please try again.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setLoad({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            Try again
          </button>
        </div>
      )}
      {load.status === 'ready' && load.screeners.length === 0 && <p className="screeners__empty">{ENTRY_TEXTS.noScreeners}</p>}
      {load.status === 'ready' && load.screeners.length > 0 && (
        <ul className="screeners__list" aria-label="Studies">
          {load.screeners.map((screener) => (
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
