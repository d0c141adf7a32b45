import type { GetStudyInfoRequest, GetStudyInfoResponse } from '@testerhub/shared/study-link-schemas';
import { apiPost } from '../../../lib/api';

/** POST /api/study/GetStudyInfo: where the link goes next (spec 2, sections 4 and 7). */
export function getStudyInfo(request: GetStudyInfoRequest): Promise<GetStudyInfoResponse> {
  return apiPost<GetStudyInfoResponse>('/study/GetStudyInfo', request);
}
