import { useState } from 'react';
import type { ChildRegistrationPayload, RegisteredChild } from '@testerhub/shared/children-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { ModalDialog } from '../../components/modal-dialog';
import { useLanguage } from '../../hooks/use-entry-language';
import { viewStatus } from '../../lib/query-status';
import { isUnauthenticated } from '../../lib/request-error';
import { useRegisteredChildren } from './api/get-registered-children';
import { useRegistChildrenWithoutStudyNo } from './api/regist-children-without-study-no';
import { ChildRegistrationForm } from './child-registration-form';
import { ChildrenLoading, ChildrenLookupFailed, OutcomeBody, outcomeTitle, ViewToggle } from './child-steps';
import { useChildMessageTexts, useChildTexts } from './child-texts';
import { registrationCallFailed, registrationOutcome, type RegistrationOutcome } from './registration-outcome';
import './child-popup.css';

type View = { step: 'kids'; tab: 'list' | 'form' } | { step: 'outcome'; outcome: RegistrationOutcome };

/** When an unconfirmed registration expires, in the visitor's own time and language. */
function expiryText(expiresAt: string, language: Language): string {
  const when = new Date(expiresAt);
  if (Number.isNaN(when.getTime())) return '';
  return when.toLocaleString(language === 'es' ? 'es-US' : 'en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * The selectChildAddOnly popup of the account page (spec 3, "Children popups"): the tester's
 * kids, unconfirmed ones 'Awaiting confirmation' with their expiry, the registration form
 * (RegistChildrenWithoutStudyNo) and its outcomes. It opens on the list, or on the form when
 * there is no child yet.
 */
export function ChildAddOnlyPopup({ onClose }: { onClose: () => void }) {
  const t = useChildTexts();
  const messages = useChildMessageTexts();
  const query = useRegisteredChildren();
  const status = viewStatus(query);
  const register = useRegistChildrenWithoutStudyNo();
  const [view, setView] = useState<View | null>(null);

  const submit = (child: ChildRegistrationPayload) => {
    register.mutate(child, {
      onSuccess: (answer) => setView({ step: 'outcome', outcome: registrationOutcome(answer, t, messages) }),
      onError: (error) => {
        if (!isUnauthenticated(error)) setView({ step: 'outcome', outcome: registrationCallFailed(t) });
      },
    });
  };

  if (status === 'pending' && !view) return <ChildrenLoading title={t('kidsTitle')} onClose={onClose} />;
  if (status === 'error' && !view) return <ChildrenLookupFailed onClose={onClose} onRetry={() => void query.refetch()} />;

  const kids = query.data?.registeredChildren ?? [];
  const current: View = view ?? { step: 'kids', tab: kids.length > 0 ? 'list' : 'form' };

  if (current.step === 'outcome') {
    const { outcome } = current;
    return (
      <ModalDialog
        title={outcomeTitle(outcome, t)}
        tone={outcome.step === 'failed' ? 'error' : 'info'}
        closeLabel={t('close')}
        onClose={onClose}
        focusKey={`outcome-${outcomeTitle(outcome, t)}`}
        actions={
          outcome.step === 'registered' ? (
            <button type="button" className="button button--outline" onClick={() => setView({ step: 'kids', tab: 'list' })}>
              {t('backToList')}
            </button>
          ) : undefined
        }
      >
        <OutcomeBody outcome={outcome} />
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      title={current.tab === 'form' ? t('registerTitle') : t('kidsTitle')}
      closeLabel={t('close')}
      onClose={onClose}
      focusKey={`kids-${current.tab}`}
    >
      <ViewToggle view={current.tab} onChange={(tab) => setView({ step: 'kids', tab })} />
      {current.tab === 'form' ? (
        <>
          <p>{t('onlineAfterFirstVisit')}</p>
          <ChildRegistrationForm busy={register.isPending} onRegister={submit} />
        </>
      ) : (
        <KidList kids={kids} />
      )}
    </ModalDialog>
  );
}

function KidList({ kids }: { kids: RegisteredChild[] }) {
  const t = useChildTexts();
  const language = useLanguage();
  if (kids.length === 0) return <p>{t('noKids')}</p>;
  return (
    <ul className="child-popup__list" aria-label={t('kidsTitle')}>
      {kids.map((kid) => (
        <li key={kid.childId} className="child-popup__kid">
          <span>{kid.fullName}</span>{' '}
          {!kid.isConfirmed && (
            <span className="child-popup__label">
              {t('awaitingConfirmation')}
              {kid.expiresAt &&
                expiryText(kid.expiresAt, language) &&
                ` (${t('expiresAt', { when: expiryText(kid.expiresAt, language) })})`}
              {`, ${t('awaitingCall')}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
