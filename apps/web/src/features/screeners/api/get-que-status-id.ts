import type { GetQueStatusIdRequest, GetQueStatusIdResponse } from '@testerhub/shared/study-link-schemas';
import { apiPost } from '../../../lib/api';

/** POST /api/default/GetQueStatusID: what the link means for the logged-in tester (spec 2, sections 4 and 7). */
export function getQueStatusId(request: GetQueStatusIdRequest): Promise<GetQueStatusIdResponse> {
  return apiPost<GetQueStatusIdResponse>('/default/GetQueStatusID', request);
}
