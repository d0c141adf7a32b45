import type { CheckParticipantTypeResponse } from '@testerhub/shared/study-link-schemas';
import { apiPost } from '../../../lib/api';

/** POST /api/study/CheckParticipantType: who the link's study is for (spec 2, section 7); the body is the study GUID as a bare JSON string. */
export function checkParticipantType(studyGuid: string): Promise<CheckParticipantTypeResponse> {
  return apiPost<CheckParticipantTypeResponse>('/study/CheckParticipantType', studyGuid);
}
