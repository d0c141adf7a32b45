import { ModalDialog } from '../../components/modal-dialog';
import { useScreenersTexts } from './screeners-texts';

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
  const t = useScreenersTexts();
  return (
    <ModalDialog
      title={t('teenOrAdultTitle')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--accent" onClick={onMyself} disabled={running} aria-busy={running}>
            {t('myself')}
          </button>
          <button type="button" className="button button--outline" onClick={onTeen} disabled={running}>
            {t('myTeen')}
          </button>
        </>
      }
    >
      <p className="screeners__dialog-study">{studyName}</p>
      <p>{t('teenOrAdultQuestion')}</p>
    </ModalDialog>
  );
}
