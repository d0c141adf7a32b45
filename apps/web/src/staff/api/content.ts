import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddFaqPayload,
  ContentChangeResponse,
  EditFaqPayload,
  MoveFaqPayload,
  PublishTermsPayload,
  PublishTermsResponse,
  StaffFaqsResponse,
  StaffTermsVersionsResponse,
} from '@testerhub/shared/content-admin-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/Faqs (content role): every FAQ, hidden ones too, with its revision. */
export const faqsQuery = () =>
  queryOptions({ queryKey: staffKeys.contentFaqs(), queryFn: () => apiGet<StaffFaqsResponse>('/staff/content/Faqs') });
export const useStaffFaqs = () => useQuery(faqsQuery());

/** GET /api/staff/content/TermsVersions: the terms' versions, newest first. */
export const termsVersionsQuery = () =>
  queryOptions({ queryKey: staffKeys.contentTerms(), queryFn: () => apiGet<StaffTermsVersionsResponse>('/staff/content/TermsVersions') });
export const useTermsVersions = () => useQuery(termsVersionsQuery());

/** POST /api/staff/content/AddFaq, EditFaq and MoveFaq: each refreshes the list, whatever the outcome (a refusal means it changed). */
function useFaqChange<Payload>(call: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'content', call],
    mutationFn: (payload: Payload) => apiPost<ContentChangeResponse>(`/staff/content/${call}`, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.contentFaqs() }),
  });
}
export const useAddFaq = () => useFaqChange<AddFaqPayload>('AddFaq');
export const useEditFaq = () => useFaqChange<EditFaqPayload>('EditFaq');
export const useMoveFaq = () => useFaqChange<MoveFaqPayload>('MoveFaq');

/** POST /api/staff/content/PublishTerms: a new version in force now; refreshes the history. */
export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'content', 'PublishTerms'],
    mutationFn: (payload: PublishTermsPayload) => apiPost<PublishTermsResponse>('/staff/content/PublishTerms', payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.contentTerms() }),
  });
}
