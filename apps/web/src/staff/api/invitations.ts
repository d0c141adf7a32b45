import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationDetailQuery,
  InvitationDetailResponse,
  InvitationListQuery,
  InvitationListResponse,
  InvitationOptionsResponse,
  InvitationPreviewPayload,
  InvitationPreviewResponse,
  SendInvitationPayload,
  SendInvitationResponse,
  TargetCountPayload,
  TargetCountResponse,
} from '@testerhub/shared/invitation-schemas';
import { INVITATIONS_PAGE_SIZE, RECIPIENTS_PAGE_SIZE, type InvitationSort } from '@testerhub/shared/invitation-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { tableQueryText, type TableState } from '../shell/table-state';
import { staffKeys } from './query-keys';

/** GET /api/staff/invitations/Options (recruiter role): the open studies, test sites and About-me answers the form offers. */
export const invitationOptionsQuery = () =>
  queryOptions({ queryKey: staffKeys.invitationOptions(), queryFn: () => apiGet<InvitationOptionsResponse>('/staff/invitations/Options') });
export const useInvitationOptions = () => useQuery(invitationOptionsQuery());

/** The sendings table as the page first shows it: 25 a page, newest first (decision 145). */
export const INVITATIONS_TABLE: TableState = { page: 1, pageSize: INVITATIONS_PAGE_SIZE, sort: 'createdAt', dir: 'desc', q: '' };

/** GET /api/staff/invitations/List: a page of the sendings with their counts, sorted and filtered as the table asks. */
export const invitationsQuery = (table: TableState) => {
  const query: InvitationListQuery = { ...table, sort: table.sort as InvitationSort };
  return queryOptions({
    queryKey: staffKeys.invitations(query),
    queryFn: () => apiGet<InvitationListResponse>(`/staff/invitations/List?page=${table.page}${tableQueryText(table, INVITATIONS_TABLE)}`),
    placeholderData: keepPreviousData,
  });
};
export const useInvitations = (table: TableState) => useQuery(invitationsQuery(table));

/** While e-mails of a sending wait for their turn at the rate, its page asks again this often. */
export const INVITATION_REFRESH_MS = 5000;

/** The recipients table as the page first shows it: 25 a page by username (decision 136). */
export const RECIPIENTS_TABLE: TableState = { page: 1, pageSize: RECIPIENTS_PAGE_SIZE, sort: 'username', dir: 'asc', q: '' };

/** The recipients table's sort, page size and filter in the query, its defaults left out. */
const recipientTableQuery = (query: InvitationDetailQuery) =>
  tableQueryText(
    {
      page: 1,
      pageSize: Number(query.pageSize ?? RECIPIENTS_PAGE_SIZE),
      sort: query.sort ?? RECIPIENTS_TABLE.sort,
      dir: query.dir ?? RECIPIENTS_TABLE.dir,
      q: query.q ?? '',
    },
    RECIPIENTS_TABLE,
  );

/** GET /api/staff/invitations/Detail: one sending, its counts and a page of recipients, sorted and filtered (refreshed while e-mails wait). */
export const invitationQuery = (query: InvitationDetailQuery) =>
  queryOptions({
    queryKey: staffKeys.invitation(query),
    queryFn: () =>
      apiGet<InvitationDetailResponse>(
        `/staff/invitations/Detail?invitationId=${query.invitationId}&page=${query.page ?? 1}${recipientTableQuery(query)}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const counts = current.state.data?.invitation?.counts;
      return counts && counts.queued > counts.sent + counts.skipped ? INVITATION_REFRESH_MS : false;
    },
  });
export const useInvitation = (query: InvitationDetailQuery) => useQuery(invitationQuery(query));

/** POST /api/staff/invitations/Preview: a count, nothing changed. */
export const previewInvitation = (payload: InvitationPreviewPayload) =>
  apiPost<InvitationPreviewResponse>('/staff/invitations/Preview', payload);
/**
 * The live count (decision 121): one query per payload (JSON text, null while the form is not
 * valid), so an answer to filters since changed is never shown as the current one; the last count
 * stays on screen, marked as updating, while the next is asked.
 */
export const useInvitationCount = (payloadText: string | null) =>
  useQuery({
    queryKey: staffKeys.invitationCount(payloadText ?? ''),
    queryFn: () => previewInvitation(JSON.parse(payloadText!) as InvitationPreviewPayload),
    enabled: payloadText !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
  });

/**
 * POST /api/staff/invitations/TargetCount: how many testers hold every one of a study's About-me
 * answers (decision 148). Kept like the invitation count: one query per payload (JSON text, null
 * while there is nothing to count), the last count shown while the next is asked.
 */
export const useStudyTargetCount = (payloadText: string | null) =>
  useQuery({
    queryKey: staffKeys.studyTargetCount(payloadText ?? ''),
    queryFn: () => apiPost<TargetCountResponse>('/staff/invitations/TargetCount', JSON.parse(payloadText!) as TargetCountPayload),
    enabled: payloadText !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
  });

/** POST /api/staff/invitations/Send: queues the sending (once per requestId) and refreshes the list. */
export const sendInvitation = (payload: SendInvitationPayload) => apiPost<SendInvitationResponse>('/staff/invitations/Send', payload);
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'send-invitation'],
    mutationFn: sendInvitation,
    // The sending changes the list and every count (its testers are invited already now).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'invitations'] }),
        queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'invitation-count'] }),
      ]),
  });
}
