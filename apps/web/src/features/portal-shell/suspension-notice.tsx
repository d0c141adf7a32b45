import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useTesterInfo } from './api/get-tester-info';

// Shown to a suspended tester only: its text and the date formatting load then, not with every portal page (decision 100).
const SuspensionNoticeBody = lazyPage(() => import('./suspension-notice-body'), 'SuspensionNoticeBody');

/**
 * On every portal page while the no-show rule suspends the tester (spec 3, "No-shows"; decision
 * 046): it cannot be dismissed, since it explains why the study list is empty and booking refused.
 */
export function SuspensionNotice() {
  const info = useTesterInfo();
  const until = info.data?.suspendedUntil;
  if (!until) return null;
  return (
    <Suspense fallback={null}>
      <SuspensionNoticeBody suspendedUntil={until} />
    </Suspense>
  );
}
