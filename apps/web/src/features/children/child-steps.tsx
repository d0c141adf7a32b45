import type { ReactNode } from 'react';
import { COMPANY } from '@testerhub/shared/company';
import { ModalDialog } from '../../components/modal-dialog';
import { useChildMessageTexts, useChildTexts, type ChildTranslate } from './child-texts';
import type { RegistrationOutcome } from './registration-outcome';

/** The body of steps 2 to 4 (spec 3, section 4): registered, already registered, or a code with the contact notice. */
export function OutcomeBody({ outcome }: { outcome: RegistrationOutcome }) {
  const t = useChildTexts();
  const messages = useChildMessageTexts();
  if (outcome.step === 'registered') return <p>{t('registered')}</p>;
  if (outcome.step === 'alreadyRegistered')
    return (
      <>
        <p>{t('alreadyRegistered')}</p>
        <p>{messages('duplicate')}</p>
      </>
    );
  return (
    <>
      {outcome.detail && <p>{outcome.detail}</p>}
      {outcome.contact && <ContactNotice />}
    </>
  );
}

export function outcomeTitle(outcome: RegistrationOutcome, t: ChildTranslate): string {
  if (outcome.step === 'registered') return t('registeredTitle');
  if (outcome.step === 'alreadyRegistered') return t('alreadyTitle');
  return outcome.title;
}

/** Tester Services' contact line, shown under every code (spec 3, section 8). */
export function ContactNotice() {
  const t = useChildTexts();
  return (
    <p className="child-popup__contact">
      {t('contactNotice')} {t('contact', { phone: COMPANY.supportPhone, email: COMPANY.supportEmail })}
    </p>
  );
}

interface ViewToggleProps {
  view: 'list' | 'form';
  onChange: (view: 'list' | 'form') => void;
}

/** Step 0's switch between the list of children and the registration form. */
export function ViewToggle({ view, onChange }: ViewToggleProps) {
  const t = useChildTexts();
  return (
    <div className="child-popup__toggle" role="group" aria-label={t('viewsLabel')}>
      <button type="button" className="child-popup__toggle-button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        {t('listView')}
      </button>
      <button type="button" className="child-popup__toggle-button" aria-pressed={view === 'form'} onClick={() => onChange('form')}>
        {t('formView')}
      </button>
    </div>
  );
}

/** The popups' first load, before any step: the title they will open on and a status line. */
export function ChildrenLoading({ title, onClose, children }: { title: string; onClose: () => void; children?: ReactNode }) {
  const t = useChildTexts();
  return (
    <ModalDialog title={title} closeLabel={t('close')} onClose={onClose} focusKey="loading">
      {children}
      <p role="status">{t('loading')}</p>
    </ModalDialog>
  );
}

/** The children list could not be read: the spec's child lookup text and Try again. */
export function ChildrenLookupFailed({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  const t = useChildTexts();
  return (
    <ModalDialog
      title={t('lookupFailedTitle')}
      tone="error"
      closeLabel={t('close')}
      onClose={onClose}
      focusKey="lookupFailed"
      actions={
        <button type="button" className="button button--outline" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      }
    >
      <p>{t('lookupFailed')}</p>
    </ModalDialog>
  );
}
