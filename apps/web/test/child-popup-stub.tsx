// A stand-in for the children feature's popup in the screener features' tests: it shows what
// it was opened with and lets the test close it or report the study removed.
import { ModalDialog } from '../src/components/modal-dialog';
import type { ChildPopupSlot } from '../src/features/screeners/child-popup-slot';

export const childPopupStub: ChildPopupSlot = ({ studyNo, studyName, who, onClose, onStudyRemoved }) => (
  <ModalDialog
    title={`Child popup: ${who} ${studyNo}`}
    onClose={onClose}
    actions={
      <button type="button" onClick={onStudyRemoved}>
        Study removed
      </button>
    }
  >
    <p>{studyName ?? 'no study name'}</p>
  </ModalDialog>
);
