import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickResponse, UpdateQuickResponseResponse } from '@testerhub/shared/quick-survey-schemas';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys, quickSurveyMutationKeys } from './query-keys';

/** POST /api/quickQuestion/UpdateResponse */
export function updateQuickResponse(responses: QuickResponse[]): Promise<UpdateQuickResponseResponse> {
  return apiPost<UpdateQuickResponseResponse>('/quickQuestion/UpdateResponse', responses);
}

/** Sends a survey's answers: the survey is then done (the list) and its counts changed (its result). */
export function useUpdateQuickResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: quickSurveyMutationKeys.updateResponse,
    mutationFn: updateQuickResponse,
    onSuccess: (_answer, responses) => {
      void queryClient.invalidateQueries({ queryKey: quickSurveyKeys.studies() });
      const jobID = responses[0]?.jobID;
      if (jobID !== undefined) void queryClient.invalidateQueries({ queryKey: quickSurveyKeys.result(jobID) });
    },
  });
}
