import { lazy, Suspense } from 'react';
import type { ChildPopupSlot } from '../../features/screeners/child-popup-slot';

// Loaded when a kid study or a child link first needs it, not with every portal page.
const ChildPopup = lazy(() => import('../../features/children/child-popup').then((module) => ({ default: module.ChildPopup })));

/** The children feature's popup, for the screener features that may not import it (decision 030). */
export const childPopup: ChildPopupSlot = (props) => (
  <Suspense fallback={null}>
    <ChildPopup {...props} />
  </Suspense>
);
