import type {
  CheckParticipantTypeResponse,
  GetKidStudyInfoRequest,
  GetKidStudyInfoResponse,
  GetQueStatusIdRequest,
  GetQueStatusIdResponse,
  GetStudyInfoRequest,
  GetStudyInfoResponse,
} from '@testerhub/shared/study-link-schemas';
import { sessionValues } from '../../lib/browser-storage';
import { ApiRequestError } from '../../lib/api';
import { checkParticipantType } from './api/check-participant-type';
import { getKidStudyInfo } from './api/get-kid-study-info';
import { getQueStatusId } from './api/get-que-status-id';
import { getStudyInfo } from './api/get-study-info';
import { redirectTarget } from './screener-redirect';
import { SCHEDULE_CHECK_PATH, STUDY_LINK_SESSION_KEYS } from './screener-texts';
import { HANDLED_LINK_KEY, type StoredLink } from './stored-study-link';

export { readStoredLink, type StoredLink } from './stored-study-link';

export { HANDLED_LINK_KEY, linkKey } from './stored-study-link';
/** The study and tester pair the account root stores beside s and t. */
const PAIR_KEYS = ['study', 'tester'] as const;

/**
 * Clears the link parameters (spec 2, section 4: the mismatch and invalid-link notices clear the
 * session's link), and the mark, so the same link opened again later runs again.
 */
export function clearStoredLink(): void {
  for (const key of [...STUDY_LINK_SESSION_KEYS, ...PAIR_KEYS, HANDLED_LINK_KEY]) sessionValues.remove(key);
}

export type StudyLinkNotice = 'mismatch' | 'invalid' | 'noSeat' | 'child';

export type StudyLinkOutcome =
  /** A page of this site; keepLink leaves s, t and d stored for it (the self-schedule page); notice shows over it. */
  | { kind: 'go'; path: string; keepLink?: boolean; notice?: 'priority' }
  | { kind: 'outside'; href: string }
  | { kind: 'notice'; notice: Exclude<StudyLinkNotice, 'child'> }
  /** The child selection for the link's study (spec 2, section 4: child, kidOnly). */
  | { kind: 'notice'; notice: 'child'; studyNo: number };

export interface StudyLinkCalls {
  checkParticipantType: (studyGuid: string) => Promise<CheckParticipantTypeResponse>;
  getQueStatusId: (request: GetQueStatusIdRequest) => Promise<GetQueStatusIdResponse>;
  getStudyInfo: (request: GetStudyInfoRequest) => Promise<GetStudyInfoResponse>;
  getKidStudyInfo: (request: GetKidStudyInfoRequest) => Promise<GetKidStudyInfoResponse>;
}

const serverCalls: StudyLinkCalls = { checkParticipantType, getQueStatusId, getStudyInfo, getKidStudyInfo };

/** Where a url of GetStudyInfo or GetKidStudyInfo leads; anything but this site or an http(s) address is an invalid link. */
function destination(url: string, keepLink = false): StudyLinkOutcome {
  const target = redirectTarget(url);
  if (!target) return { kind: 'notice', notice: 'invalid' };
  return target.kind === 'inApp' ? { kind: 'go', path: target.path, keepLink } : { kind: 'outside', href: target.href };
}

/**
 * The login-time study-link flow (spec 2, section 4; decision 026): the participant-type check,
 * the question status, then, for a link that may go on, the kid-study info (when the link names a
 * child) and the study info. Pure of the page: it answers where to go or which notice to show.
 * A link the server refuses (403, 404) is an invalid link; other failures reject.
 */
export async function runStudyLinkFlow(link: StoredLink, calls: StudyLinkCalls = serverCalls): Promise<StudyLinkOutcome> {
  try {
    const participant = await calls.checkParticipantType(link.s);
    if (participant.status !== 'succeed') return { kind: 'notice', notice: 'invalid' };
    const question = await calls.getQueStatusId({ studyGuid: link.s, testerGuid: link.t, data: link.d, kidGuid: link.k });
    switch (question.status) {
      case 'differentAccount':
        return { kind: 'notice', notice: 'mismatch' };
      case 'invalid study':
        return { kind: 'notice', notice: 'invalid' };
      case 'ts':
        return { kind: 'go', path: SCHEDULE_CHECK_PATH };
      case 'hasSchedule':
        return { kind: 'go', path: SCHEDULE_CHECK_PATH, notice: 'priority' };
      case 'common':
        break;
    }
    const data = question.data || link.d;
    if (link.k) {
      const kid = await calls.getKidStudyInfo({ study: link.s, tester: link.t, kid: link.k, data });
      if (kid.status === 'kidOnly') return { kind: 'notice', notice: 'child', studyNo: kid.studyNo };
      if (kid.status === 'succeed') return destination(kid.url);
    }
    const info = await calls.getStudyInfo({ study: link.s, tester: link.t, data });
    switch (info.status) {
      case 'noSeat':
        return { kind: 'notice', notice: 'noSeat' };
      case 'child':
        return { kind: 'notice', notice: 'child', studyNo: info.studyNo };
      case 'succeed':
        return destination(info.url, info.f === 'selfSchedule');
      case 'other':
      case 'external':
        return destination(info.url);
    }
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) return { kind: 'notice', notice: 'invalid' };
    throw error;
  }
}
