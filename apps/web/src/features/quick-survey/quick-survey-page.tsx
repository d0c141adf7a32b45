import { RetryAlert } from '../../components/retry-alert';
import { usePortalContext } from '../../hooks/use-portal-context';
import { useState } from 'react';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RewardPopup } from '../../components/reward-popup';
import { failureMessage } from '../../components/status-failure';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import type { QuickStudy } from '@testerhub/shared/quick-survey-schemas';
import { useQuickStudies } from './api/get-studies';
import { QuickSurveyAnswering, type Reward } from './quick-survey-answering';
import { QuickSurveyResults } from './quick-survey-results';
import { useQuickSurveyTexts } from './quick-survey-texts';
import '../../components/task-list.css';
import './quick-survey.css';

/** The page's views (spec 2, section 4): list (0), answering (1), results (2). */
type View = { view: 0 } | { view: 1; study: QuickStudy } | { view: 2; study: QuickStudy };

/**
 * /community/main/quick-survey (spec 2, sections 2 and 4): the list of quick surveys; an open
 * one is answered, a done one opens on its results (bar charts per question).
 */
export function QuickSurveyPage() {
  const portal = usePortalContext();
  const t = useQuickSurveyTexts();
  usePageTitle(t('title'));
  const [state, setState] = useState<View>({ view: 0 });
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const [reward, setReward] = useState<Reward | null>(null);
  const toList = () => setState({ view: 0 });

  return (
    <section aria-labelledby="quick-survey-title" className="quick-survey">
      <h1 id="quick-survey-title" className="task-page__title">
        {t('title')}
      </h1>
      {state.view === 0 && <StudyList onOpen={(study) => setState({ view: study.isDone ? 2 : 1, study })} />}
      {state.view === 1 && (
        <QuickSurveyAnswering
          study={state.study}
          onBack={toList}
          onFailure={setPopup}
          onCompleted={(earned) => {
            setState({ view: 2, study: state.study });
            if (earned) setReward(earned);
          }}
        />
      )}
      {state.view === 2 && <QuickSurveyResults study={state.study} onBack={toList} />}
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
      {reward && <RewardPopup {...reward} onRewarded={portal?.refreshProfile} onClose={() => setReward(null)} />}
    </section>
  );
}

/** View 0: each survey with its short name and coins, or a check when done. */
function StudyList({ onOpen }: { onOpen: (study: QuickStudy) => void }) {
  const t = useQuickSurveyTexts();
  const studies = useQuickStudies();
  const [noticeClosed, setNoticeClosed] = useState(false);
  const status = viewStatus(studies);
  const failed = status === 'error' || (status === 'success' && studies.data?.status !== 'succeed');
  const list = (studies.data?.status === 'succeed' && studies.data.filteredStudyDatas) || [];
  const notice = failed && !noticeClosed ? failureMessage(t('listFailed'), studies.error ?? studies.data) : null;

  return (
    <div aria-busy={status === 'pending'}>
      <p className="task-page__intro">{t('intro')}</p>
      {status === 'pending' && <p role="status">{t('loadingList')}</p>}
      {failed && (
        <RetryAlert
          className="quick-survey__error"
          text={t('listFailed')}
          onRetry={() => {
            setNoticeClosed(false);
            void studies.refetch();
          }}
        />
      )}
      {!failed && status === 'success' && list.every((study) => study.isDone) && <p className="quick-survey__empty">{t('empty')}</p>}
      {list.length > 0 && (
        <ul className="task-list" aria-label={t('listLabel')}>
          {list.map((study) => (
            <li key={study.jobID}>
              <button type="button" className="task-list__item" onClick={() => onOpen(study)}>
                <span className="task-list__name">{study.shortName}</span>
                {/* A space keeps the name apart from "done" or the coins for screen readers. */}{' '}
                {study.isDone ? (
                  <span className="quick-survey__done">
                    <CheckIcon />
                    <span className="visually-hidden">{t('done')}</span>
                  </span>
                ) : (
                  <span className="task-list__coins">{t('coins', { coins: study.coinValue })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && <MessagePopup {...notice} onClose={() => setNoticeClosed(true)} />}
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#1f7a3d" />
      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
