import { ModalDialog } from '../../components/modal-dialog';
import { TEEN_OR_ADULT } from './screener-texts';

interface TeenOrAdultDialogProps {
  studyName: string;
  /** True while "Myself" is starting the screener. */
  running: boolean;
  onMyself: () => void;
  /** "My teen": the screener page opens the child popup on the teens (spec 3, section 4). */
  onTeen: () => void;
  onClose: () => void;
}

/** The screenerTeenagerAndAdult popup (spec 3, section 4 "Self or teen choice") for a participant-type-3 study. */
export function TeenOrAdultDialog({ studyName, running, onMyself, onTeen, onClose }: TeenOrAdultDialogProps) {
  return (
    <ModalDialog
      title={TEEN_OR_ADULT.title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--accent" onClick={onMyself} disabled={running} aria-busy={running}>
            {TEEN_OR_ADULT.myself}
          </button>
          <button type="button" className="button button--outline" onClick={onTeen} disabled={running}>
            {TEEN_OR_ADULT.teen}
          </button>
        </>
      }
    >
      <p className="screeners__dialog-study">{studyName}</p>
      <p>{TEEN_OR_ADULT.question}</p>
    </ModalDialog>
  );
}
