import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ConfirmOutcome } from '../../components/confirm-popup';
import { requestErrorMessage } from '../../lib/request-error';
import { shownFailure } from '../../lib/query-status';
import { useDoScreeners } from './api/do-screeners';
import { outsidePage, redirectTarget } from './screener-redirect';
import { screenerFailure } from './screener-texts';
import { useScreenersTexts } from './screeners-texts';

/** A started screener, a failure to show (header and explanation), or nothing to show (a 401 on its way to login). */
export type StartResult = ConfirmOutcome | { ok: false; status: null };

/** Opens a redirectLink: client navigation for a path of this site, a full page load for an outside tool. */
export function useFollowRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (link: string | undefined): boolean => {
      const target = redirectTarget(link);
      if (target?.kind === 'inApp') void navigate(target.path);
      else if (target?.kind === 'external') outsidePage.open(target.href);
      return target !== null;
    },
    [navigate],
  );
}

/**
 * Starts a study's online screener (POST /api/schedule/DoScreeners): on 'succeed' with a
 * redirectLink it goes there; any other answer comes back as a failure header ('Screener Failed
 * - 101', 'Screener Failed - 102', or 'Screener Failed') with its explanation, in the tester's language.
 */
export function useStartScreener() {
  const t = useScreenersTexts();
  const mutation = useDoScreeners();
  const follow = useFollowRedirect();
  const { mutateAsync } = mutation;

  const start = useCallback(
    async (studyNo: number): Promise<StartResult> => {
      try {
        const answer = await mutateAsync(studyNo);
        if (answer.status === 'succeed' && follow(answer.redirectLink)) return { ok: true };
        const failure = screenerFailure(answer.status, answer.message, t);
        return { ok: false, status: failure.data, message: failure.message };
      } catch (error) {
        return shownFailure(error)
          ? { ok: false, status: t('failedTitle'), message: requestErrorMessage(error, t('requestFailure')) }
          : { ok: false, status: null };
      }
    },
    [mutateAsync, follow, t],
  );

  return { start, running: mutation.isPending, runningStudyNo: mutation.isPending ? mutation.variables : undefined };
}
