import type { GetKidStudyInfoRequest, GetKidStudyInfoResponse } from '@testerhub/shared/study-link-schemas';
import { apiPost } from '../../../lib/api';

/** POST /api/study/GetKidStudyInfo: a link that names a child (k) (spec 2, sections 4 and 7). */
export function getKidStudyInfo(request: GetKidStudyInfoRequest): Promise<GetKidStudyInfoResponse> {
  return apiPost<GetKidStudyInfoResponse>('/study/GetKidStudyInfo', request);
}
