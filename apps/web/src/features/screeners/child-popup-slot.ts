import type { ReactNode } from 'react';

/** What the screener page and the study-link flow hand the child popup (spec 3, section 4). */
export interface ChildPopupSlotProps {
  studyNo: number;
  studyName?: string;
  /** kid: a kid study's child selection; teen: the teen branch of a participant-type-3 study. */
  who: 'kid' | 'teen';
  onClose: () => void;
  /** The study left the screener list (RemoveStudyFromList): the list is asked again. */
  onStudyRemoved: () => void;
}

/**
 * The child popup lives in the children feature, which this feature may not import: the route
 * modules of app/ hand it in (decision 030).
 */
export type ChildPopupSlot = (props: ChildPopupSlotProps) => ReactNode;
