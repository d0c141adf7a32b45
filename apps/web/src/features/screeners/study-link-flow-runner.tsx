import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useComponentsTexts } from '../../components/components-texts';
import { ModalDialog } from '../../components/modal-dialog';
import { sessionValues } from '../../lib/browser-storage';
import { screenerKeys, screenerMutationKeys } from './api/query-keys';
import type { ChildPopupSlot } from './child-popup-slot';
import { outsidePage } from './screener-redirect';
import { SELF_SCHEDULE_PATH } from './screener-texts';
import { useStudyLinkTexts } from './study-link-texts';
import {
  clearStoredLink,
  HANDLED_LINK_KEY,
  linkKey,
  readStoredLink,
  runStudyLinkFlow,
  type StoredLink,
  type StudyLinkNotice,
  type StudyLinkOutcome,
} from './study-link-flow';
import './study-link.css';

type Shown = Exclude<StudyLinkNotice, 'child'> | 'priority' | 'failed' | { child: number };

export interface StudyLinkRunnerProps {
  /** Ends the session (the portal shell's logout): the mismatch notice logs the wrong account out. */
  logOut: () => void;
  /** The children feature's child popup, handed in by app/ (decision 030). */
  childPopup: ChildPopupSlot;
}

/**
 * Runs the login-time study-link flow (spec 2, section 4; decision 026) in the portal, once the
 * session is known: after a login with a stored link, and for a tester already logged in who opens
 * one (the account root stores s, t, d and k, then comes here). Each link runs once per tab; the
 * self-schedule page reads its own parameters, so the flow waits while that page is open.
 * StudyLinkRunner (./study-link-runner) loads it once a link is stored (decision 100).
 */
export function StudyLinkFlowRunner({ logOut, childPopup }: StudyLinkRunnerProps) {
  const t = useStudyLinkTexts();
  // The notices' Close is the popups' word (components.json), not the dialog's English default.
  const closeLabel = useComponentsTexts()('close');
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown | null>(null);
  const [failedLink, setFailedLink] = useState<StoredLink | null>(null);
  const { mutate, isPending } = useMutation({
    mutationKey: screenerMutationKeys.studyLink,
    mutationFn: (link: StoredLink) => runStudyLinkFlow(link),
  });

  const apply = useCallback(
    (outcome: StudyLinkOutcome) => {
      if (outcome.kind === 'go') {
        if (!outcome.keepLink) clearStoredLink();
        navigate(outcome.path);
        if (outcome.notice) setShown(outcome.notice);
        return;
      }
      clearStoredLink();
      if (outcome.kind === 'outside') outsidePage.open(outcome.href);
      else if (outcome.notice === 'child') setShown({ child: outcome.studyNo });
      else setShown(outcome.notice);
    },
    [navigate],
  );

  const run = useCallback(
    (link: StoredLink) => {
      sessionValues.set(HANDLED_LINK_KEY, linkKey(link));
      mutate(link, {
        onSuccess: apply,
        onError: () => {
          setFailedLink(link);
          setShown('failed');
        },
      });
    },
    [mutate, apply],
  );

  useEffect(() => {
    if (isPending) return;
    const link = readStoredLink();
    if (!link) return;
    // The self-schedule page handles the link it was opened with; leaving that page must not run it
    // through this flow again (which would send the tester straight back to it).
    if (location.pathname.toLowerCase().startsWith(SELF_SCHEDULE_PATH)) {
      sessionValues.set(HANDLED_LINK_KEY, linkKey(link));
      return;
    }
    if (sessionValues.get(HANDLED_LINK_KEY) === linkKey(link)) return;
    run(link);
    // Looked at again on every navigation: a link stored meanwhile runs then.
  }, [location.key, location.pathname, isPending, run]);

  const close = useCallback(() => setShown(null), []);
  const closeMismatch = useCallback(() => {
    setShown(null);
    logOut();
  }, [logOut]);
  const tryAgain = useCallback(() => {
    setShown(null);
    setFailedLink(null);
    if (failedLink) run(failedLink);
  }, [failedLink, run]);

  return (
    <>
      {isPending && (
        <p role="status" className="study-link__status">
          <span className="study-link__spinner" aria-hidden="true" />
          {t('opening')}
        </p>
      )}
      {shown === 'mismatch' && (
        <ModalDialog title={t('mismatchTitle')} tone="error" onClose={closeMismatch} closeLabel={t('mismatchClose')}>
          <p>{t('mismatch')}</p>
        </ModalDialog>
      )}
      {shown === 'invalid' && (
        <ModalDialog title={t('invalidTitle')} tone="error" onClose={close} closeLabel={closeLabel}>
          <p>{t('invalid')}</p>
        </ModalDialog>
      )}
      {shown === 'noSeat' && (
        <ModalDialog title={t('noSeatTitle')} onClose={close} closeLabel={closeLabel}>
          <p>{t('noSeat')}</p>
          <p>{t('noSeatNote')}</p>
        </ModalDialog>
      )}
      {shown === 'priority' && (
        <ModalDialog title={t('priorityTitle')} onClose={close} closeLabel={closeLabel}>
          <p>{t('priority')}</p>
        </ModalDialog>
      )}
      {typeof shown === 'object' &&
        shown !== null &&
        childPopup({
          studyNo: shown.child,
          who: 'kid',
          onClose: close,
          onStudyRemoved: () => void queryClient.invalidateQueries({ queryKey: screenerKeys.list() }),
        })}
      {shown === 'failed' && (
        <ModalDialog
          title={t('failedTitle')}
          tone="error"
          onClose={close}
          closeLabel={closeLabel}
          actions={
            <button type="button" className="button button--primary" onClick={tryAgain}>
              {t('tryAgain')}
            </button>
          }
        >
          <p>{t('failed')}</p>
        </ModalDialog>
      )}
    </>
  );
}
