import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys, quickSurveyMutationKeys } from './query-keys';

/** One answered question (spec 2, section 3): the chosen value keys, 'OTHER' removed, and the comment. */
export interface QuickResponse {
  jobID: number;
  questionIndex: number;
  response: string[];
  codedResponse: string;
}

/** POST /api/quickQuestion/UpdateResponse */
export function updateQuickResponse(responses: QuickResponse[]): Promise<{ status: string; message?: string }> {
  return apiPost<{ status: string; message?: string }>('/quickQuestion/UpdateResponse', responses);
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
