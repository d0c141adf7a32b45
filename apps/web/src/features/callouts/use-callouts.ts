import { useQuery } from '@tanstack/react-query';
import { useCalloutList } from './api/get-callout-list';
import { calloutKeys } from './api/query-keys';

/**
 * The current call-outs and, once there is one, the code that shows them: it loads then, not with
 * every portal page (as the login bonus, decision 100). `settled` says both are here (or failed), so
 * the portal can show its page with the banner already in place (decision 130). Apart from the
 * panel, which comes with the portal's entry flow, not in its first load (decision 141).
 */
export function useCallouts({ enabled = true }: { enabled?: boolean } = {}) {
  const list = useCalloutList({ enabled });
  const callouts = list.data?.calloutGTypes ?? [];
  const code = useQuery({
    queryKey: calloutKeys.listCode(),
    queryFn: () => import('./callout-list'),
    enabled: callouts.length > 0,
    staleTime: Infinity,
  });
  const settled = !list.isPending && (callouts.length === 0 || !code.isPending);
  return { callouts, CalloutList: code.data?.CalloutList, settled };
}
