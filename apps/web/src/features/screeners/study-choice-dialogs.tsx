import { useState } from 'react';
import { Link } from 'react-router';
import { ModalDialog } from '../../components/modal-dialog';
import { ACCOUNT_GENERAL_PATH, CHILDREN_NOTICE, TEEN_OR_ADULT } from './screener-texts';

/** Until the children flow (next issue): children are managed from the account page. */
function ChildrenNotice() {
  return (
    <>
      <p>{CHILDREN_NOTICE.text}</p>
      <p>
        <Link to={ACCOUNT_GENERAL_PATH}>{CHILDREN_NOTICE.link}</Link>
      </p>
    </>
  );
}

interface TeenOrAdultDialogProps {
  studyName: string;
  /** True while "Myself" is starting the screener. */
  running: boolean;
  onMyself: () => void;
  onClose: () => void;
}

/** The screenerTeenagerAndAdult popup (spec 3, section 4 "Self or teen choice") for a participant-type-3 study. */
export function TeenOrAdultDialog({ studyName, running, onMyself, onClose }: TeenOrAdultDialogProps) {
  const [teen, setTeen] = useState(false);
  if (teen) {
    return (
      <ModalDialog title={CHILDREN_NOTICE.teenTitle} onClose={onClose}>
        <ChildrenNotice />
      </ModalDialog>
    );
  }
  return (
    <ModalDialog
      title={TEEN_OR_ADULT.title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--accent" onClick={onMyself} disabled={running} aria-busy={running}>
            {TEEN_OR_ADULT.myself}
          </button>
          <button type="button" className="button button--outline" onClick={() => setTeen(true)} disabled={running}>
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

/** A kid study: the child selection is the next issue's; until then, where children are managed. The study-link flow knows no name. */
export function KidStudyDialog({ studyName, onClose }: { studyName?: string; onClose: () => void }) {
  return (
    <ModalDialog title={CHILDREN_NOTICE.kidTitle} onClose={onClose}>
      {studyName && <p className="screeners__dialog-study">{studyName}</p>}
      <ChildrenNotice />
    </ModalDialog>
  );
}
