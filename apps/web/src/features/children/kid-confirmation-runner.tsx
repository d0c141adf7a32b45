import { useEffect, useState } from 'react';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { sessionValues } from '../../lib/browser-storage';
import { useConfirmKid } from './api/confirm-kid';

type Outcome = { confirmed: true; fullName: string } | { confirmed: false };

/**
 * The parent's confirmation link (/community?k=<kid GUID>, decision 028): the account root keeps
 * `k`; once the portal knows the session, this confirms the child and says so. A `k` that came
 * with a study link (s and t) is that link's (the study-link flow's), not a confirmation.
 */
export function KidConfirmationRunner() {
  const { mutate, isPending } = useConfirmKid();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const childId = sessionValues.get('k');
    if (!childId || sessionValues.get('s') || isPending) return;
    // Taken before the call: a reload or a second tab does not confirm (or fail) twice.
    sessionValues.remove('k');
    mutate(childId, {
      onSuccess: (answer) =>
        setOutcome(answer.status === 'succeed' ? { confirmed: true, fullName: answer.fullName ?? '' } : { confirmed: false }),
      onError: () => setOutcome({ confirmed: false }),
    });
  }, [mutate, isPending]);

  if (!outcome) return null;
  const close = () => setOutcome(null);
  return outcome.confirmed ? (
    <ModalDialog title={outcome.fullName ? `${outcome.fullName} is confirmed` : 'Child confirmed'} onClose={close}>
      <p>{CHILD_TEXTS.confirmed}</p>
    </ModalDialog>
  ) : (
    <ModalDialog title="Confirmation failed" tone="error" onClose={close}>
      <p>{CHILD_TEXTS.confirmFailed}</p>
    </ModalDialog>
  );
}
