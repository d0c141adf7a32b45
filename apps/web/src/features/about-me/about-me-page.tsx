import { RetryAlert } from '../../components/retry-alert';
import { usePortalContext } from '../../hooks/use-portal-context';
import { useState } from 'react';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RewardPopup } from '../../components/reward-popup';
import { failureMessage } from '../../components/status-failure';
import { saveThenClaim } from '../../components/save-then-claim';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useAboutMeTexts } from './about-me-texts';
import { answerPayload, canComplete, choose, type DossierChoices } from './about-me-rules';
import { useAddDossierAnswer } from './api/add-dossier-answer';
import { useDossierCoins } from './api/get-dossier-coins';
import type { DossierPage } from '@testerhub/shared/about-me-schemas';
import { useDossierGroup } from './api/get-dossier-group';
import { useDossierGroupQuestions } from './api/get-dossier-group-questions';
import { DossierQuestionList } from './dossier-question-list';
import '../../components/task-list.css';
import './about-me.css';

interface Reward {
  coins: number;
  exp: number;
  task: string;
}

/**
 * /community/main/about-me (spec 2, sections 2 and 4): the question groups the tester has not
 * answered, each with its coins; choosing one shows its questions and 'Complete Survey'. Saving
 * claims the group's coins and shows the reward popup; the answered group leaves the list.
 */
export function AboutMePage() {
  const portal = usePortalContext();
  const t = useAboutMeTexts();
  usePageTitle(t('title'));
  const groups = useDossierGroup();
  const [selected, setSelected] = useState<DossierPage | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const [groupsNoticeClosed, setGroupsNoticeClosed] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);

  const status = viewStatus(groups);
  const failed = status === 'error' || (status === 'success' && groups.data?.status !== 'succeed');
  const pages = (status === 'success' && groups.data?.status === 'succeed' && groups.data.pageList) || [];
  const groupsNotice = failed && !groupsNoticeClosed ? failureMessage(t('groupsFailed'), groups.error ?? groups.data) : null;

  const retry = () => {
    setGroupsNoticeClosed(false);
    void groups.refetch();
  };

  return (
    <section aria-labelledby="about-me-title" aria-busy={status === 'pending'} className="about-me">
      <h1 id="about-me-title" className="task-page__title">
        {t('title')}
      </h1>
      {selected ? (
        <PageQuestions
          page={selected}
          onBack={() => setSelected(null)}
          onFailure={setPopup}
          onDone={(earned) => {
            setSelected(null);
            if (earned) setReward(earned);
          }}
        />
      ) : (
        <>
          <p className="task-page__intro">{t('intro')}</p>
          {status === 'pending' && <p role="status">{t('loadingGroups')}</p>}
          {failed && <RetryAlert className="about-me__error" text={t('groupsFailed')} onRetry={retry} />}
          {!failed && status === 'success' && pages.length === 0 && <p className="about-me__empty">{t('empty')}</p>}
          {pages.length > 0 && (
            <ul className="task-list" aria-label={t('groupsLabel')}>
              {pages.map((page) => (
                <li key={page.pageID}>
                  <button type="button" className="task-list__item" onClick={() => setSelected(page)}>
                    <span className="task-list__name">{page.pageTitle}</span>
                    <span className="task-list__coins">{t('groupCoins', { coins: page.numCoins })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {groupsNotice && !selected && <MessagePopup {...groupsNotice} onClose={() => setGroupsNoticeClosed(true)} />}
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
      {reward && <RewardPopup {...reward} onRewarded={portal?.refreshProfile} onClose={() => setReward(null)} />}
    </section>
  );
}

interface PageQuestionsProps {
  page: DossierPage;
  onBack: () => void;
  onFailure: (popup: PopupMessage) => void;
  /** Saved: back to the list, with the reward when one was paid now. */
  onDone: (reward: Reward | null) => void;
}

/** One group's questions and its 'Complete Survey' button: save, then claim the coins. */
function PageQuestions({ page, onBack, onFailure, onDone }: PageQuestionsProps) {
  const t = useAboutMeTexts();
  const questions = useDossierGroupQuestions(page.pageID);
  const addAnswer = useAddDossierAnswer();
  const claimCoins = useDossierCoins();
  const [choices, setChoices] = useState<DossierChoices>({});
  const [noticeClosed, setNoticeClosed] = useState(false);
  const status = viewStatus(questions);
  const failed = status === 'error' || (status === 'success' && questions.data?.status !== 'succeed');
  const notice = failed && !noticeClosed ? failureMessage(t('groupsFailed'), questions.error ?? questions.data) : null;
  const list = (questions.data?.status === 'succeed' && questions.data.questions) || [];
  const busy = addAnswer.isPending || claimCoins.isPending;

  const complete = async () => {
    const done = await saveThenClaim({
      save: () => addAnswer.mutateAsync(answerPayload(list, choices)),
      claim: () => claimCoins.mutateAsync(page.pageID),
      texts: { saveFailed: t('saveFailed'), coinsFailed: t('coinsFailed') },
      onFailure,
    });
    if (!done.saved) return;
    const coins = done.claimed;
    onDone(coins?.isScreenerGetReward ? { coins: coins.coins ?? 0, exp: coins.exp ?? 0, task: t('task', { page: page.pageTitle }) } : null);
  };

  return (
    <div aria-busy={status === 'pending'}>
      <button type="button" className="button button--outline about-me__back" onClick={onBack}>
        {t('back')}
      </button>
      <h2 className="about-me__page-heading">{page.pageTitle}</h2>
      <p className="task-page__intro">{t('pageCoins', { coins: page.numCoins })}</p>
      {status === 'pending' && <p role="status">{t('loadingQuestions')}</p>}
      {failed && (
        <RetryAlert
          className="about-me__error"
          text={t('groupsFailed')}
          onRetry={() => {
            setNoticeClosed(false);
            void questions.refetch();
          }}
        />
      )}
      {notice && <MessagePopup {...notice} onClose={() => setNoticeClosed(true)} />}
      {list.length > 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void complete();
          }}
        >
          <DossierQuestionList
            questions={list}
            choices={choices}
            onChoose={(set, answerID) => setChoices((c) => choose(c, set, answerID))}
          />
          <button type="submit" className="button button--primary about-me__complete" disabled={busy || !canComplete(list, choices)}>
            {t('complete')}
          </button>
        </form>
      )}
    </div>
  );
}
