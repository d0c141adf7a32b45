import type { ReactNode } from 'react';
import { CHILD_FLOW_TEXTS, CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { CHILD_POPUP_TEXTS as T } from './child-texts';
import type { RegistrationOutcome } from './registration-outcome';

/** The body of steps 2 to 4 (spec 3, section 4): registered, already registered, or a code with the contact notice. */
export function OutcomeBody({ outcome }: { outcome: RegistrationOutcome }) {
  if (outcome.step === 'registered') return <p>{CHILD_TEXTS.registered}</p>;
  if (outcome.step === 'alreadyRegistered')
    return (
      <>
        <p>{CHILD_TEXTS.alreadyRegistered}</p>
        <p>{CHILD_TEXTS.duplicate}</p>
      </>
    );
  return (
    <>
      {outcome.detail && <p>{outcome.detail}</p>}
      {outcome.contact && <ContactNotice />}
    </>
  );
}

export function outcomeTitle(outcome: RegistrationOutcome): string {
  if (outcome.step === 'registered') return T.registeredTitle;
  if (outcome.step === 'alreadyRegistered') return T.alreadyTitle;
  return outcome.title;
}

/** Tester Services' contact line, shown under every code (spec 3, section 8). */
export function ContactNotice() {
  return (
    <p className="child-popup__contact">
      {CHILD_FLOW_TEXTS.contactNotice} {T.contact}
    </p>
  );
}

interface ViewToggleProps {
  view: 'list' | 'form';
  onChange: (view: 'list' | 'form') => void;
}

/** Step 0's switch between the list of children and the registration form. */
export function ViewToggle({ view, onChange }: ViewToggleProps) {
  return (
    <div className="child-popup__toggle" role="group" aria-label={T.viewsLabel}>
      <button type="button" className="child-popup__toggle-button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        {T.listView}
      </button>
      <button type="button" className="child-popup__toggle-button" aria-pressed={view === 'form'} onClick={() => onChange('form')}>
        {T.formView}
      </button>
    </div>
  );
}

/** The popups' first load, before any step: the title they will open on and a status line. */
export function ChildrenLoading({ title, onClose, children }: { title: string; onClose: () => void; children?: ReactNode }) {
  return (
    <ModalDialog title={title} onClose={onClose} focusKey="loading">
      {children}
      <p role="status">{T.loading}</p>
    </ModalDialog>
  );
}

/** The children list could not be read: the spec's child lookup text and Try again. */
export function ChildrenLookupFailed({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  return (
    <ModalDialog
      title={T.lookupFailedTitle}
      tone="error"
      onClose={onClose}
      focusKey="lookupFailed"
      actions={
        <button type="button" className="button button--outline" onClick={onRetry}>
          {T.tryAgain}
        </button>
      }
    >
      <p>{CHILD_TEXTS.lookupFailed}</p>
    </ModalDialog>
  );
}
