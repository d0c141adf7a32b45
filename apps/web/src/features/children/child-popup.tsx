import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  isChildSelectable,
  type ChildRegistrationPayload,
  type CustomChild,
  type DoChildrenScreenerResponse,
} from '@testerhub/shared/children-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { sessionValues } from '../../lib/browser-storage';
import { viewStatus } from '../../lib/query-status';
import { isUnauthenticated } from '../../lib/request-error';
import { useDoChildrenScreener } from './api/do-children-screener';
import { useChildrenForStudy } from './api/get-children-for-study';
import { useTeensForStudy } from './api/get-teens-for-study';
import { useRegistChildren } from './api/regist-children';
import { useRemoveStudyFromList } from './api/remove-study-from-list';
import { ChildRegistrationForm } from './child-registration-form';
import { ChildrenLoading, ChildrenLookupFailed, ContactNotice, OutcomeBody, outcomeTitle, ViewToggle } from './child-steps';
import { useChildMessageTexts, useChildTexts, type ChildMessageTranslate, type ChildTranslate } from './child-texts';
import { childCodeText, registrationCallFailed, registrationOutcome, type RegistrationOutcome } from './registration-outcome';
import './child-popup.css';

/** Session keys of a study link (spec 3, section 3): the popup clears them when it closes (spec 3, section 4). */
const STUDY_LINK_KEYS = ['s', 't', 'd', 'e', 'k'] as const;

/** Step 0 (with its list or form), step 1, steps 2 to 4, and the 'ignore this study?' question after code 101. */
type View =
  | { step: 'choose'; tab: 'list' | 'form' }
  | { step: 'notFound' }
  | { step: 'outcome'; outcome: RegistrationOutcome }
  | { step: 'ignore'; message: string };

export interface ChildPopupProps {
  studyNo: number;
  /** The study as the list names it; the study-link flow knows none. */
  studyName?: string;
  /** kid: POST GetChildrenInfo (a kid study); teen: POST GetChildrenInfoWithAge (the teen branch of participant type 3). */
  who: 'kid' | 'teen';
  onClose: () => void;
  /** The study left the tester's screener list (RemoveStudyFromList): the caller reloads that list. */
  onStudyRemoved: () => void;
}

/** A redirect the popup follows: a path of this site only (no open redirect). */
function inAppPath(link: string | undefined): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

/** The labels a child carries in the list (spec 3, sections 4 and 5; decision 029). */
export function childLabels(child: CustomChild, t: ChildTranslate): string[] {
  if (!child.isConfirmed) return [t('awaitingConfirmation')];
  const labels: string[] = [];
  if (!child.isAgeQualified || !child.isQuotaQualified) labels.push(t('notQualified'));
  if (child.isWaitList) labels.push(t('inWaitList'));
  if (child.isScreened) labels.push(t('screened'));
  return labels;
}

/** Step 4 for a DoChildrenScreener answer other than succeed and 101 (spec 3, section 8). */
function screenerOutcome(answer: DoChildrenScreenerResponse, t: ChildTranslate, messages: ChildMessageTranslate): RegistrationOutcome {
  const { status } = answer;
  const coded = /^\d+$/.test(status);
  const title = status === 'notQualified' ? t('notQualifiedTitle') : coded ? t('screenerFailedCode', { code: status }) : status;
  return { step: 'failed', title, detail: answer.message || childCodeText(status, messages), contact: coded };
}

/** A screener call that did not get through reads as 'Screener Failed - 102' (spec 3, section 8). */
function screenerCallFailed(t: ChildTranslate): RegistrationOutcome {
  return { step: 'failed', title: t('screenerFailedCode', { code: '102' }), detail: t('spotsFilled'), contact: false };
}

/**
 * The selectChild popup (spec 3, section 4 "Child popup steps"), and the list of teens of the
 * 'self or teen' choice: step 0 chooses a child or registers one (a toggle), step 1 asks to
 * register when no child was found, steps 2 to 4 tell how a registration went. A chosen child's
 * screener starts with DoChildrenScreener; succeed goes to its redirect link.
 */
export function ChildPopup({ studyNo, studyName, who, onClose, onStudyRemoved }: ChildPopupProps) {
  const t = useChildTexts();
  const messages = useChildMessageTexts();
  const navigate = useNavigate();
  const kids = useChildrenForStudy(studyNo, { enabled: who === 'kid' });
  const teens = useTeensForStudy(studyNo, { enabled: who === 'teen' });
  const query = who === 'kid' ? kids : teens;
  const status = viewStatus(query);
  const register = useRegistChildren();
  const screen = useDoChildrenScreener();
  const removeStudy = useRemoveStudyFromList();
  const [view, setView] = useState<View | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [registeredHere, setRegisteredHere] = useState(false);

  const clearLink = () => {
    for (const key of STUDY_LINK_KEYS) sessionValues.remove(key);
  };
  const leaveStudy = () => {
    // The popup is gone by the time the answer comes (a mutate callback would not run then): the promise tells the page.
    removeStudy
      .mutateAsync(studyNo)
      .catch(() => undefined)
      .finally(onStudyRemoved);
  };
  const close = () => {
    clearLink();
    // A child registered from this study cannot screen until confirmed: the study leaves the list
    // (decision 029). A teen-and-adult study stays: the parent may still take it themself (decision 030).
    if (registeredHere && who === 'kid') leaveStudy();
    onClose();
  };

  const submitRegistration = (child: ChildRegistrationPayload) => {
    register.mutate(
      { ...child, studyNo },
      {
        onSuccess: (answer) => {
          if (answer.status === 'succeed') setRegisteredHere(true);
          setView({ step: 'outcome', outcome: registrationOutcome(answer, t, messages) });
        },
        onError: (error) => {
          if (!isUnauthenticated(error)) setView({ step: 'outcome', outcome: registrationCallFailed(t) });
        },
      },
    );
  };

  const select = () => {
    if (!chosen) return;
    screen.mutate(
      { childID: chosen, studyNo },
      {
        onSuccess: (answer) => {
          if (answer.status === 'succeed') {
            const path = inAppPath(answer.redirectLink);
            if (!path) return setView({ step: 'outcome', outcome: screenerCallFailed(t) });
            // The link's work is done: the screener's address carries the child (k) from here.
            clearLink();
            onClose();
            void navigate(path);
            return;
          }
          setChosen(null);
          if (answer.status === '101') setView({ step: 'ignore', message: answer.message || messages('mustJoinFirst') });
          else setView({ step: 'outcome', outcome: screenerOutcome(answer, t, messages) });
        },
        onError: (error) => {
          if (!isUnauthenticated(error)) setView({ step: 'outcome', outcome: screenerCallFailed(t) });
        },
      },
    );
  };

  const ignoreStudy = () => {
    clearLink();
    removeStudy.mutate(studyNo, {
      onSettled: () => {
        onStudyRemoved();
        onClose();
      },
    });
  };

  const studyLine = studyName ? <p className="child-popup__study">{studyName}</p> : null;

  if (status === 'pending' && !view)
    return (
      <ChildrenLoading title={who === 'teen' ? t('teenChooseTitle') : t('chooseTitle')} onClose={close}>
        {studyLine}
      </ChildrenLoading>
    );
  if (status === 'error' && !view) return <ChildrenLookupFailed onClose={close} onRetry={() => void query.refetch()} />;

  const answer = query.data;
  const children = answer?.customChildren ?? [];
  const current: View = view ?? (answer?.status === 'noChildren' ? { step: 'notFound' } : { step: 'choose', tab: 'list' });

  if (!view && answer?.status === 'failed') {
    return (
      <ModalDialog title={t('unavailableTitle')} tone="error" closeLabel={t('close')} onClose={close} focusKey="unavailable">
        {studyLine}
        <p>{t('teenFailed')}</p>
      </ModalDialog>
    );
  }
  if (!view && answer?.status === 'changeEmailAddress') {
    return (
      <ModalDialog title={t('checkEmail')} tone="error" closeLabel={t('close')} onClose={close} focusKey="checkEmail">
        <p>{t('checkEmailPointer')}</p>
      </ModalDialog>
    );
  }

  if (current.step === 'notFound') {
    return (
      <ModalDialog
        title={t('notFoundTitle')}
        onClose={close}
        closeLabel={t('no')}
        focusKey="notFound"
        actions={
          <button type="button" className="button button--accent" onClick={() => setView({ step: 'choose', tab: 'form' })}>
            {t('yes')}
          </button>
        }
      >
        {studyLine}
        <p>{t('onlineAfterFirstVisit')}</p>
        <p>{t('notFoundQuestion')}</p>
      </ModalDialog>
    );
  }

  if (current.step === 'outcome') {
    const { outcome } = current;
    return (
      <ModalDialog
        title={outcomeTitle(outcome, t)}
        tone={outcome.step === 'failed' ? 'error' : 'info'}
        closeLabel={t('close')}
        onClose={close}
        focusKey={`outcome-${outcomeTitle(outcome, t)}`}
        actions={
          outcome.step === 'registered' ? (
            <button type="button" className="button button--outline" onClick={() => setView({ step: 'choose', tab: 'list' })}>
              {t('backToList')}
            </button>
          ) : undefined
        }
      >
        <OutcomeBody outcome={outcome} />
      </ModalDialog>
    );
  }

  if (current.step === 'ignore') {
    return (
      <ModalDialog
        title={t('ignoreTitle')}
        tone="error"
        onClose={close}
        closeLabel={t('no')}
        focusKey="ignore"
        actions={
          <button type="button" className="button button--accent" onClick={ignoreStudy} disabled={removeStudy.isPending}>
            {t('yes')}
          </button>
        }
      >
        <p>{current.message}</p>
        <ContactNotice />
        <p>{t('ignoreStudyQuestion')}</p>
      </ModalDialog>
    );
  }

  const notice =
    answer?.status === 'notConfirmed' ? t('teenNotConfirmed') : answer?.status === 'noQualifiedChildren' ? t('noQualifiedChildren') : null;
  const busy = screen.isPending;
  return (
    <ModalDialog
      title={who === 'teen' ? t('teenChooseTitle') : t('chooseTitle')}
      closeLabel={t('close')}
      onClose={close}
      focusKey={`choose-${current.tab}`}
      actions={
        current.tab === 'list' ? (
          <button type="button" className="button button--accent" onClick={select} disabled={!chosen || busy} aria-busy={busy}>
            {busy ? t('selecting') : t('select')}
          </button>
        ) : undefined
      }
    >
      {studyLine}
      <ViewToggle view={current.tab} onChange={(tab) => setView({ step: 'choose', tab })} />
      {current.tab === 'form' ? (
        <ChildRegistrationForm busy={register.isPending} onRegister={submitRegistration} />
      ) : (
        <>
          {notice && <p className="child-popup__notice">{notice}</p>}
          <ChildChoices kids={children} chosen={chosen} onChoose={setChosen} />
        </>
      )}
    </ModalDialog>
  );
}

interface ChildChoicesProps {
  kids: CustomChild[];
  chosen: string | null;
  onChoose: (childId: string) => void;
}

/** The children as radio buttons; one that cannot be chosen is disabled and says why. */
function ChildChoices({ kids, chosen, onChoose }: ChildChoicesProps) {
  const t = useChildTexts();
  if (kids.length === 0) return <p>{t('noKids')}</p>;
  return (
    <fieldset className="child-popup__choices">
      <legend className="form-field__label">{t('chooseLegend')}</legend>
      <ul className="child-popup__list">
        {kids.map((child) => {
          const labels = childLabels(child, t);
          return (
            <li key={child.testerId}>
              <label className="child-popup__choice">
                <input
                  type="radio"
                  name="child"
                  value={child.testerId}
                  checked={chosen === child.testerId}
                  disabled={!isChildSelectable(child)}
                  onChange={() => onChoose(child.testerId)}
                />
                <span>{child.testerName}</span>
                {labels.map((label) => (
                  // The space keeps the name and its labels apart for screen readers too.
                  <Fragment key={label}>
                    {' '}
                    <span className="child-popup__label">{label}</span>
                  </Fragment>
                ))}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
