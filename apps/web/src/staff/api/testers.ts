import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddTesterNotePayload,
  AdjustCoinsPayload,
  DeleteTesterNotePayload,
  DeleteTesterPayload,
  DuplicatesQuery,
  DuplicatesResponse,
  MergePreview,
  ReviewDuplicatePayload,
  LiftSuspensionPayload,
  SetBlackListPayload,
  TesterActionResponse,
  TesterNotesResponse,
  TesterPageResponse,
  TesterSearchResponse,
} from '@testerhub/shared/staff-testers-schemas';
import { DUPLICATE_PAGE_ROWS, TESTER_PAGE_ROWS } from '@testerhub/shared/staff-testers-schemas';
import { tableQueryText, type TableState } from '../shell/table-state';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/testers/Search (recruiter role): at most 25 testers by e-mail, phone, name or username. */
export const searchTesters = (q: string) => apiGet<TesterSearchResponse>(`/staff/testers/Search?q=${encodeURIComponent(q)}`);

export const testerSearchQuery = (q: string) =>
  queryOptions({ queryKey: staffKeys.testerSearch(q), queryFn: () => searchTesters(q), enabled: q !== '' });

export const useTesterSearch = (q: string) => useQuery(testerSearchQuery(q));

/** The coin ledger's table as the tester's page first shows it: newest first, TESTER_PAGE_ROWS a page (decision 136). */
export const LEDGER_TABLE: TableState = { page: 1, pageSize: TESTER_PAGE_ROWS, sort: 'createdAt', dir: 'desc', q: '' };

/** The audit trail's table as the tester's page first shows it: newest first, TESTER_PAGE_ROWS a page (decision 145). */
export const AUDIT_TABLE: TableState = { page: 1, pageSize: TESTER_PAGE_ROWS, sort: 'at', dir: 'desc', q: '' };

/** What the tester's page shows of the coin ledger and of the audit trail (their tables). */
export interface TesterPages {
  ledger: TableState;
  audit: TableState;
}

/** GET /api/staff/testers/Tester: the tester's page. */
export const getTester = (testerId: string, { ledger, audit }: TesterPages) =>
  apiGet<TesterPageResponse>(
    `/staff/testers/Tester?testerId=${encodeURIComponent(testerId)}&ledgerPage=${ledger.page}&auditPage=${audit.page}${tableQueryText(ledger, LEDGER_TABLE, 'ledger')}${tableQueryText(audit, AUDIT_TABLE, 'audit')}`,
  );

export const testerQuery = (testerId: string, pages: TesterPages) =>
  queryOptions({
    queryKey: [...staffKeys.tester(testerId), pages.ledger, pages.audit],
    queryFn: () => getTester(testerId, pages),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTester = (testerId: string, pages: TesterPages) => useQuery(testerQuery(testerId, pages));

/** Where the privacy export downloads from (a plain link: the browser saves the attachment). */
export const testerExportHref = (testerId: string) => `/api/staff/testers/Export?testerId=${encodeURIComponent(testerId)}`;

export const adjustCoins = (payload: AdjustCoinsPayload) => apiPost<TesterActionResponse>('/staff/testers/AdjustCoins', payload);
export const setBlackList = (payload: SetBlackListPayload) => apiPost<TesterActionResponse>('/staff/testers/SetBlackList', payload);
export const liftSuspension = (payload: LiftSuspensionPayload) => apiPost<TesterActionResponse>('/staff/testers/LiftSuspension', payload);
export const deleteTester = (payload: DeleteTesterPayload) => apiPost<TesterActionResponse>('/staff/testers/Delete', payload);

/** Each change refreshes the tester's page and any search that listed them. */
function useTesterChange<Payload>(mutationFn: (payload: Payload) => Promise<TesterActionResponse>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', name],
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'testers'] }),
  });
}

export const useAdjustCoins = () => useTesterChange(adjustCoins, 'adjust-coins');
export const useSetBlackList = () => useTesterChange(setBlackList, 'set-black-list');
export const useLiftSuspension = () => useTesterChange(liftSuspension, 'lift-suspension');
export const useDeleteTester = () => useTesterChange(deleteTester, 'delete-tester');

/** GET /api/staff/testers/Notes: staff notes on the tester, newest first (decision 116). */
export const getTesterNotes = (testerId: string) =>
  apiGet<TesterNotesResponse>(`/staff/testers/Notes?testerId=${encodeURIComponent(testerId)}`);

export const useTesterNotes = (testerId: string) =>
  useQuery({ queryKey: [...staffKeys.tester(testerId), 'notes'], queryFn: () => getTesterNotes(testerId) });

export const addTesterNote = (payload: AddTesterNotePayload) => apiPost<TesterActionResponse>('/staff/testers/AddNote', payload);
export const deleteTesterNote = (payload: DeleteTesterNotePayload) => apiPost<TesterActionResponse>('/staff/testers/DeleteNote', payload);

export const useAddTesterNote = () => useTesterChange(addTesterNote, 'add-tester-note');
export const useDeleteTesterNote = () => useTesterChange(deleteTesterNote, 'delete-tester-note');

/** The duplicates table's defaults (decision 144): the newest account first, as the list always was. */
export const DUPLICATES_TABLE: TableState = { page: 1, pageSize: DUPLICATE_PAGE_ROWS, sort: 'newerCreatedAt', dir: 'desc', q: '' };

/** The list's query from the table's state (the table's defaults left out), or one tester's pairs. */
export const duplicatesQueryFor = (table: TableState, testerId?: string): Partial<DuplicatesQuery> => ({
  page: table.page,
  pageSize: table.pageSize === DUPLICATES_TABLE.pageSize ? undefined : table.pageSize,
  sort: table.sort === DUPLICATES_TABLE.sort ? undefined : (table.sort as DuplicatesQuery['sort']),
  dir: table.dir === DUPLICATES_TABLE.dir ? undefined : table.dir,
  q: table.q.trim() === '' ? undefined : table.q,
  testerId,
});

/** GET /api/staff/testers/Duplicates: a page of unreviewed likely-duplicate pairs, or one tester's (decisions 129, 144). */
export function getDuplicates(query: Partial<DuplicatesQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet<DuplicatesResponse>(`/staff/testers/Duplicates?${params.toString()}`);
}

export const useDuplicates = (query: Partial<DuplicatesQuery>) =>
  useQuery({
    queryKey: [...staffKeys.all, 'testers', 'duplicates', query],
    queryFn: () => getDuplicates(query),
    placeholderData: keepPreviousData,
  });

/** GET /api/staff/testers/MergePreview: what merging the newer account into the older would move, and what stops it (decision 144). */
export const useMergePreview = (testerIds: readonly [string, string] | null) =>
  useQuery({
    queryKey: [...staffKeys.all, 'testers', 'merge-preview', testerIds],
    queryFn: () =>
      apiGet<MergePreview>(
        `/staff/testers/MergePreview?testerId=${encodeURIComponent(testerIds![0])}&otherTesterId=${encodeURIComponent(testerIds![1])}`,
      ),
    enabled: testerIds !== null,
  });

export const reviewDuplicate = (payload: ReviewDuplicatePayload) =>
  apiPost<TesterActionResponse>('/staff/testers/ReviewDuplicate', payload);
export const useReviewDuplicate = () => useTesterChange(reviewDuplicate, 'review-duplicate');
