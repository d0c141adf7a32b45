import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { childrenMutationKeys } from './query-keys';

/** POST /api/schedule/RemoveStudyFromList, body the bare study number: hides the study from the screener list (decision 029). */
export function removeStudyFromList(studyNo: number): Promise<{ status: 'succeed' }> {
  return apiPost<{ status: 'succeed' }>('/schedule/RemoveStudyFromList', studyNo);
}

/**
 * Removes a study from the tester's list. The list belongs to the screeners feature, which the
 * popup may not import: the caller reloads it (the popup's onStudyRemoved).
 */
export function useRemoveStudyFromList() {
  return useMutation({ mutationKey: childrenMutationKeys.removeStudy, mutationFn: removeStudyFromList });
}
