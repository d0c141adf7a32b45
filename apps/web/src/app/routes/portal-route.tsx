import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useAuthorization } from '../../features/portal-shell/api/check-authorize';
import { PortalShell } from '../../features/portal-shell/portal-shell';
import { PortalQueryProvider } from '../../lib/query-provider';

/**
 * /community/main and everything under it: the portal's QueryClient, then the shell with its
 * session check (and the study-link flow), then the page. Split off with the portal, so TanStack Query never reaches
 * the public pages' bundle (decision 012).
 */
export function PortalRoute() {
  return (
    <PortalQueryProvider>
      <PortalWithEntryFlow />
    </PortalQueryProvider>
  );
}

/** The entry flow's code (./portal-entry-flow): one key for the one chunk, loaded once per tab. */
const ENTRY_FLOW_CODE_KEY = ['portal', 'entry-flow-code'] as const;

/**
 * The shell shows its page once it knows what the entry flow puts above it (decision 130): the terms'
 * status (while it is asked the flow shows nothing), the call-outs with their code, and the password
 * reminder with its code (decision 138). All are asked together once the session is known, so the
 * call-out banner and the reminder are in place at the first paint and never push the page down
 * under the tester's click. The flow's code, those reads' too, is not in the portal's first load: it
 * is asked at once, beside the session check, so it is here when the session is known (decision 141).
 */
function PortalWithEntryFlow() {
  const flowCode = useQuery({ queryKey: ENTRY_FLOW_CODE_KEY, queryFn: () => import('./portal-entry-flow'), staleTime: Infinity });
  const sessionKnown = useAuthorization().isSuccess;
  // Once shown, the page stays shown: a read asked again later (a failed one, as the flow mounts) must not take it away.
  const [entryKnown, setEntryKnown] = useState(false);
  const onEntrySettled = useCallback(() => setEntryKnown(true), []);
  // Its code failing to load fails as a page's code does: the terms' gate is never skipped.
  if (flowCode.isError) throw flowCode.error;
  const code = flowCode.data;
  return (
    <>
      {sessionKnown && code && <code.EntryFlowReads onSettled={onEntrySettled} />}
      <PortalShell entryFlow={code?.entryFlow} entryPending={sessionKnown && !entryKnown} />
    </>
  );
}
