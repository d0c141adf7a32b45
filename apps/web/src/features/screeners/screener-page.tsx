import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmPopup } from '../../components/confirm-popup';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { sessionValues } from '../../lib/browser-storage';
import { viewStatus } from '../../lib/query-status';
import { useScreeners } from './api/get-screeners';
import { screenerKeys } from './api/query-keys';
import type { ChildPopupSlot } from './child-popup-slot';
import { STUDY_LINK_SESSION_KEYS } from './screener-texts';
import { useScreenersTexts } from './screeners-texts';
import { TeenOrAdultDialog } from './study-choice-dialogs';
import { chipColour, isKidStudy, TEEN_AND_ADULT_PARTICIPANT_TYPE, type Screener } from './study-kind';
import { useStartScreener, type StartResult } from './use-start-screener';
import './screener-page.css';

/** Which popup a study click opened (spec 2, section 4 "Screener click"). */
type Choice = { kind: 'teenOrAdult' | 'kid' | 'teen' | 'waitingList'; screener: Screener };

/** The name a study goes by in buttons and dialogs: its basic information, with its colour. */
function studyName(screener: Screener): string {
  return `${screener.studyBasicInfo} (${screener.colorName})`;
}

/**
 * /community/main/screener: the studies open to this tester (spec 2, section 2), and what a
 * click on one does (section 4 "Screener click"): the teen/adult choice for participant type 3,
 * the child selection for kid studies, the confirm popup for a waiting-list study, otherwise the
 * online screener at once. The child popup comes from the children feature through childPopup.
 */
export function ScreenerPage({ childPopup }: { childPopup: ChildPopupSlot }) {
  const t = useScreenersTexts();
  usePageTitle(t('pageTitle'));
  // What the page the tester came from has to tell (a cancelled booking's coins taken back, decision 080).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const query = useScreeners();
  // Loading, error (with Try again), empty and list: each state is explicit (a 401 stays
  // 'pending' while the QueryClient takes the tester to login).
  const status = viewStatus(query);
  const screeners = query.data ?? [];
  const { start, running, runningStudyNo } = useStartScreener();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const queryClient = useQueryClient();
  const reloadList = useCallback(() => void queryClient.invalidateQueries({ queryKey: screenerKeys.list() }), [queryClient]);

  const showFailure = useCallback((result: StartResult) => {
    if (!result.ok && result.status) setPopup({ data: result.status, message: result.message });
  }, []);

  const choose = (screener: Screener) => {
    if (screener.participantTypeID === TEEN_AND_ADULT_PARTICIPANT_TYPE) setChoice({ kind: 'teenOrAdult', screener });
    else if (isKidStudy(screener)) setChoice({ kind: 'kid', screener });
    else if (screener.isWaitingList) setChoice({ kind: 'waitingList', screener });
    else void start(screener.screenerStudyNo).then(showFailure);
  };

  const closeChoice = useCallback(() => setChoice(null), []);
  // The teen/adult popup clears the study-link keys when it closes (spec 3, "Self or teen choice").
  const closeTeenOrAdult = useCallback(() => {
    for (const key of STUDY_LINK_SESSION_KEYS) sessionValues.remove(key);
    setChoice(null);
  }, []);

  const startMyself = async (screener: Screener) => {
    const result = await start(screener.screenerStudyNo);
    closeTeenOrAdult();
    showFailure(result);
  };

  return (
    <section aria-labelledby="screeners-title" aria-busy={status === 'pending'}>
      <h1 id="screeners-title" className="screeners__title">
        {t('listTitle')}
      </h1>
      <p className="screeners__intro">{t('listIntro')}</p>
      {notice && (
        <p role="status" className="screeners__notice">
          {notice}
        </p>
      )}
      {status === 'pending' && (
        <>
          <p role="status" className="visually-hidden">
            {t('loadingStudies')}
          </p>
          <div className="screeners__list" aria-hidden="true">
            <div className="screeners__skeleton" />
            <div className="screeners__skeleton" />
          </div>
        </>
      )}
      {status === 'error' && (
        <div className="screeners__error" role="alert">
          <p>{t('listFailed')}</p>
          <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {status === 'success' && screeners.length === 0 && <p className="screeners__empty">{t('noScreeners')}</p>}
      {status === 'success' && screeners.length > 0 && (
        <ul className="screeners__list" aria-label={t('studiesLabel')}>
          {screeners.map((screener) => (
            <ScreenerCard
              key={screener.screenerStudyNo}
              screener={screener}
              disabled={running}
              starting={runningStudyNo === screener.screenerStudyNo}
              onChoose={choose}
            />
          ))}
        </ul>
      )}
      {choice?.kind === 'teenOrAdult' && (
        <TeenOrAdultDialog
          studyName={studyName(choice.screener)}
          running={running}
          onMyself={() => void startMyself(choice.screener)}
          onTeen={() => setChoice({ kind: 'teen', screener: choice.screener })}
          onClose={closeTeenOrAdult}
        />
      )}
      {(choice?.kind === 'kid' || choice?.kind === 'teen') &&
        childPopup({
          studyNo: choice.screener.screenerStudyNo,
          studyName: studyName(choice.screener),
          who: choice.kind,
          onClose: closeChoice,
          onStudyRemoved: reloadList,
        })}
      {choice?.kind === 'waitingList' && (
        <ConfirmPopup
          type="screener"
          studyNo={choice.screener.screenerStudyNo}
          header={t('waitingList')}
          onClose={closeChoice}
          onConfirm={async ({ studyNo }) => {
            const result = await start(studyNo);
            // No status: a 401 is on its way to login, so the popup just closes.
            return result.ok || result.status === null ? { ok: true } : result;
          }}
        />
      )}
      {popup && <MessagePopup data={popup.data} message={popup.message} onClose={() => setPopup(null)} />}
    </section>
  );
}

interface ScreenerCardProps {
  screener: Screener;
  /** True while any screener is starting: one at a time. */
  disabled: boolean;
  starting: boolean;
  onChoose: (screener: Screener) => void;
}

function ScreenerCard({ screener, disabled, starting, onChoose }: ScreenerCardProps) {
  const kid = isKidStudy(screener);
  const t = useScreenersTexts();
  return (
    <li className={kid ? 'screener-card screener-card--kid' : 'screener-card'} data-testid="screener-card">
      <span className="screener-card__icon">{kid ? <KidIcon label={t('kidStudy')} /> : <AdultIcon label={t('adultStudy')} />}</span>
      <div className="screener-card__meta">
        <span className="screener-card__colour">
          <span className="screener-card__chip" style={{ background: chipColour(screener.colorName) }} aria-hidden="true" />
          {screener.colorName}
        </span>
        <span className="screener-card__label">{screener.testerLabel}</span>
        {screener.isWaitingList && <span className="screener-card__waiting">{t('waitingList')}</span>}
      </div>
      <p className="screener-card__info">{screener.studyBasicInfo}</p>
      <p className="screener-card__info">
        <span className="screener-card__coins">
          <CoinIcon />
          {t('coins', { coins: screener.coinValue })}
        </span>
      </p>
      <button
        type="button"
        className="button button--primary screener-card__start"
        onClick={() => onChoose(screener)}
        disabled={disabled}
        aria-busy={starting}
      >
        {starting ? t('starting') : t('takeScreener')}
        <span className="visually-hidden">: {studyName(screener)}</span>
      </button>
    </li>
  );
}

function KidIcon({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" role="img" aria-label={label} focusable="false">
      <circle cx="12" cy="7" r="4" fill="currentColor" />
      <path d="M6 22v-5a6 6 0 0 1 12 0v5z" fill="currentColor" />
      <path d="M9.5 6.5h.01M14.5 6.5h.01" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function AdultIcon({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" role="img" aria-label={label} focusable="false">
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
