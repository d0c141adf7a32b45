import { COMPANY, supportHoursIn } from '@testerhub/shared/company';
import type { ReactNode } from 'react';
import { useLanguage } from '../hooks/use-entry-language';
import { useComponentsTexts } from './components-texts';
import { ModalDialog } from './modal-dialog';

/** What a page asks the generic popup to show: the data text (its title) and an optional message. */
export interface PopupMessage {
  data: string;
  message?: ReactNode;
}

/** Spec 2, section 8: a data text containing 'error' or 'failed' is a failure (red); anything else is information. */
export function popupTone(data: string): 'error' | 'info' {
  return /error|failed/i.test(data) ? 'error' : 'info';
}

/** The help text a failure shows when it brings no message of its own: how to reach Tester Services. */
export function DefaultFailureHelp() {
  const t = useComponentsTexts();
  const language = useLanguage();
  return (
    <p>
      {t('failureHelpBefore')} <a href={`tel:${COMPANY.supportPhone.replace(/[^\d+]/g, '')}`}>{COMPANY.supportPhone}</a>{' '}
      {t('failureHelpOr')} <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a> ({supportHoursIn(language)}).
    </p>
  );
}

/**
 * The generic info/error popup (spec 2, section 8; spec 3's popup list), the one component every
 * portal page uses for a status or a failure: red with the default help text for a failure without
 * a message, plain information otherwise.
 */
export function MessagePopup({ data, message, onClose }: PopupMessage & { onClose: () => void }) {
  const tone = popupTone(data);
  const t = useComponentsTexts();
  const body = message ?? (tone === 'error' ? <DefaultFailureHelp /> : null);
  return (
    <ModalDialog title={data} tone={tone} onClose={onClose} closeLabel={t('close')}>
      {typeof body === 'string' ? <p>{body}</p> : body}
    </ModalDialog>
  );
}
