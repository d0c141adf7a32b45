import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_ORDERS_PAGE_SIZE,
  type FulfilOrderPayload,
  type OrderDecisionResponse,
  type RedeemOrderStatus,
  type RejectOrderPayload,
  type StaffOrderSort,
  type StaffOrdersQuery,
  type StaffOrdersResponse,
} from '@testerhub/shared/redeem-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';
import type { TableState } from '../shell/table-state';

/** The orders table as the page first shows it: 25 a page, newest first (decision 140). */
export const ORDERS_TABLE: TableState = { page: 1, pageSize: STAFF_ORDERS_PAGE_SIZE, sort: 'createdAt', dir: 'desc', q: '' };

/** The list's query for one status and the table's state, the table's defaults left out. */
export const ordersQueryFor = (status: RedeemOrderStatus | undefined, table: TableState): StaffOrdersQuery => ({
  status,
  page: table.page,
  pageSize: table.pageSize === ORDERS_TABLE.pageSize ? undefined : table.pageSize,
  sort: table.sort === ORDERS_TABLE.sort ? undefined : (table.sort as StaffOrderSort),
  dir: table.dir === ORDERS_TABLE.dir ? undefined : table.dir,
  q: table.q.trim() === '' ? undefined : table.q,
});

/** GET /api/staff/rewards/Orders (rewards role): a page of the orders as the table asks, optionally one status. */
export function getOrders(query: StaffOrdersQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet<StaffOrdersResponse>(`/staff/rewards/Orders?${params.toString()}`);
}

export const ordersQuery = (query: StaffOrdersQuery) =>
  queryOptions({ queryKey: staffKeys.orders(query), queryFn: () => getOrders(query), placeholderData: keepPreviousData });

export const useOrders = (query: StaffOrdersQuery) => useQuery(ordersQuery(query));

/** POST /api/staff/rewards/FulfilOrder and RejectOrder: each moves a pending order once and refreshes the list. */
export const fulfilOrder = (payload: FulfilOrderPayload) => apiPost<OrderDecisionResponse>('/staff/rewards/FulfilOrder', payload);
export const rejectOrder = (payload: RejectOrderPayload) => apiPost<OrderDecisionResponse>('/staff/rewards/RejectOrder', payload);

function useOrderDecision<Payload>(mutationFn: (payload: Payload) => Promise<OrderDecisionResponse>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', name],
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'orders'] }),
  });
}

export const useFulfilOrder = () => useOrderDecision(fulfilOrder, 'fulfil-order');
export const useRejectOrder = () => useOrderDecision(rejectOrder, 'reject-order');
