import { useSearchParams } from 'react-router';
import type { StaffQueueChangeResponse } from '@testerhub/shared/staff-queues-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { LoadFailed } from '../shell/staff-page-parts';

/** Loading, the error with Try again, or nothing: the states every list of these pages shows. */
export function ListState({
  query,
  loading,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
}) {
  if (query.isPending) return <p aria-busy="true">{loading}</p>;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}

/** The last change's answer, announced above the list (a changed row may leave the list when it refreshes). */
export function Outcome({ outcome }: { outcome: StaffQueueChangeResponse | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
    </div>
  );
}

/** Runs a change and reports its answer (or the request's failure) with a prefix naming the row. */
export async function report(
  call: () => Promise<StaffQueueChangeResponse>,
  prefix: string,
  onOutcome: (outcome: StaffQueueChangeResponse | null) => void,
) {
  onOutcome(null);
  try {
    const answer = await call();
    onOutcome({ ...answer, message: `${prefix}: ${answer.message}` });
    return answer;
  } catch (error) {
    onOutcome({ status: 'failed', message: `${prefix}: ${requestErrorMessage(error)}` });
    return null;
  }
}

export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A list's status filter and page, kept in the address (?status=&page=): `fallback` when none is
 * given; `status` is undefined for 'all' or anything not in `statuses`.
 */
export function useStatusFilter<Status extends string>(statuses: readonly Status[], fallback: string) {
  const [search, setSearch] = useSearchParams();
  const filter = search.get('status') ?? fallback;
  const status = (statuses as readonly string[]).includes(filter) ? (filter as Status) : undefined;
  const page = Number(search.get('page') ?? '1') || 1;
  const goTo = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    params.set('status', next.status ?? filter);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  return { status, page, goTo };
}
