import { useEffect, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { sessionValues } from '../../lib/browser-storage';
import { useConfirmKid } from './api/confirm-kid';
import { useChildTexts } from './child-texts';

/** childConfirmed: Tester Services have confirmed the child by phone; the link itself confirms only the e-mail (decision 079). */
type Outcome = { opened: true; fullName: string; childConfirmed: boolean } | { opened: false };

/**
 * The parent's confirmation link (/community?k=<kid GUID>, decision 028): the account root keeps
 * `k`; once the portal knows the session, this marks the e-mail step and says whether the child still
 * waits for Tester Services' call (decision 079). A `k` that came
 * with a study link (s and t) is that link's (the study-link flow's), not a confirmation.
 * KidConfirmationRunner (./kid-confirmation-runner) loads it when the portal opens with such a `k`.
 */
export function KidConfirmation() {
  const t = useChildTexts();
  const { mutate, isPending } = useConfirmKid();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const childId = sessionValues.get('k');
    if (!childId || sessionValues.get('s') || isPending) return;
    // Taken before the call: a reload or a second tab does not confirm (or fail) twice.
    sessionValues.remove('k');
    mutate(childId, {
      onSuccess: (answer) =>
        setOutcome(
          answer.status === 'succeed'
            ? { opened: true, fullName: answer.fullName ?? '', childConfirmed: answer.isConfirmed === true }
            : { opened: false },
        ),
      onError: () => setOutcome({ opened: false }),
    });
  }, [mutate, isPending]);

  if (!outcome) return null;
  const close = () => setOutcome(null);
  if (outcome.opened && !outcome.childConfirmed)
    return (
      <ModalDialog
        title={outcome.fullName ? t('confirmAwaitsCallTitle', { name: outcome.fullName }) : t('emailConfirmedTitle')}
        closeLabel={t('close')}
        onClose={close}
      >
        <p>{t('emailConfirmed')}</p>
      </ModalDialog>
    );
  return outcome.opened ? (
    <ModalDialog
      title={outcome.fullName ? t('confirmedTitleOf', { name: outcome.fullName }) : t('confirmedTitle')}
      closeLabel={t('close')}
      onClose={close}
    >
      <p>{t('confirmed')}</p>
    </ModalDialog>
  ) : (
    <ModalDialog title={t('confirmFailedTitle')} tone="error" closeLabel={t('close')} onClose={close}>
      <p>{t('confirmFailed')}</p>
    </ModalDialog>
  );
}
