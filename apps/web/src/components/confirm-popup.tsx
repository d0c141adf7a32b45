import { useState, type ReactNode } from 'react';
import en from '@testerhub/shared/locales/en/components.json';
import { useComponentsTexts } from './components-texts';
import { ModalDialog } from './modal-dialog';
import { MessagePopup } from './message-popup';

/** Confirm popup data (spec 3, section 3): what is confirmed, for which study, under which header. */
export interface ConfirmPopupData {
  type: 'screener' | 'schedule';
  studyNo: number;
  header: string;
}

/** What the confirmed action answered: done (the caller moves on), or a failure code with its explanation. */
export type ConfirmOutcome = { ok: true } | { ok: false; status: string; message?: ReactNode };

/** The question each type asks when the caller gives none (the schedule text is spec 3's cancel question). */
export const CONFIRM_QUESTIONS = { screener: en.confirmScreener, schedule: en.confirmSchedule } satisfies Record<
  ConfirmPopupData['type'],
  string
>;
const QUESTION_KEYS = { screener: 'confirmScreener', schedule: 'confirmSchedule' } as const;

interface ConfirmPopupProps extends ConfirmPopupData {
  /** Runs the action (the screener, or the schedule cancel); a failure stays in the popup. */
  onConfirm: (data: ConfirmPopupData) => Promise<ConfirmOutcome>;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * The confirm popup (spec 3, section 4): Yes runs the action, No closes. On failure the popup
 * shows the failure code as its header with the explanation (red for a failure, spec 2 section 8).
 */
export function ConfirmPopup({ type, studyNo, header, onConfirm, onClose, children }: ConfirmPopupProps) {
  const t = useComponentsTexts();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<{ status: string; message?: ReactNode } | null>(null);

  const confirm = async () => {
    setRunning(true);
    const outcome = await onConfirm({ type, studyNo, header }).catch((): ConfirmOutcome => ({
      ok: false,
      status: type === 'screener' ? 'Screener Failed' : 'Cancel schedule Failed',
    }));
    setRunning(false);
    if (outcome.ok) onClose();
    else setFailure({ status: outcome.status, message: outcome.message });
  };

  if (failure) {
    return <MessagePopup data={failure.status} message={failure.message} onClose={onClose} />;
  }

  return (
    <ModalDialog
      title={header}
      onClose={onClose}
      closeLabel={t('no')}
      actions={
        <button type="button" className="button button--accent" onClick={() => void confirm()} disabled={running} aria-busy={running}>
          {t('yes')}
        </button>
      }
    >
      {children ?? <p>{t(QUESTION_KEYS[type])}</p>}
    </ModalDialog>
  );
}
