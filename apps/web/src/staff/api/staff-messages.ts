import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelGroupPayload,
  CancelGroupResponse,
  PreviewMessagePayload,
  PreviewMessageResponse,
  SendMessagePayload,
  SendMessageResponse,
  SentMessagesResponse,
} from '@testerhub/shared/staff-message-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';
import { useGroupChange } from './session-groups';

/** Messages to a group's or a study's people, and cancelling a group with a notice (decision 123). */
export const previewMessage = (payload: PreviewMessagePayload) => apiPost<PreviewMessageResponse>('/staff/messages/Preview', payload);
export const sendMessage = (payload: SendMessagePayload) => apiPost<SendMessageResponse>('/staff/messages/Send', payload);
export const cancelGroup = (payload: CancelGroupPayload) => apiPost<CancelGroupResponse>('/staff/sessions/CancelGroup', payload);
export const getSentMessages = (studyNo: number) => apiGet<SentMessagesResponse>(`/staff/messages/Sent?studyNo=${studyNo}`);

export const sentMessagesQuery = (studyNo: number) =>
  queryOptions({ queryKey: staffKeys.sentMessages(studyNo), queryFn: () => getSentMessages(studyNo) });
export const useSentMessages = (studyNo: number) => useQuery(sentMessagesQuery(studyNo));

export const usePreviewMessage = () => useMutation({ mutationKey: ['staff', 'preview-message'], mutationFn: previewMessage });

/** A send refreshes the study's sent list. */
export function useSendMessage(studyNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'send-message'],
    mutationFn: sendMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.sentMessages(studyNo) }),
  });
}

/** A cancelled group refreshes the groups, every group's people and the sent list. */
export const useCancelGroup = (studyNo: number) =>
  useGroupChange(cancelGroup, 'cancel-group', studyNo, [[...staffKeys.all, 'group-bookings'], staffKeys.sentMessages(studyNo)]);
