import { useEffect, useId, useRef } from 'react';
import type { TermsStatusResponse } from '@testerhub/shared/terms-schemas';
import { useLanguage } from '../../hooks/use-entry-language';
import { shownFailure } from '../../lib/query-status';
import { useAcceptTerms } from './api/accept-terms';
import { useTermsTexts } from './terms-texts';
import '../../components/modal-dialog.css';
import './terms.css';

/** The page that shows the Terms of Use (the legal popups' route). */
export const TERMS_PAGE = '/popup/terms';

/**
 * A native modal dialog that only 'I accept' or 'Log out' ends: Escape is refused, and if the
 * browser closes it anyway (Chromium lets a second Escape through), it opens again.
 */
export function TermsDialog({ status, logOut }: { status: TermsStatusResponse; logOut: () => void }) {
  const titleId = useId();
  const introId = useId();
  const summaryId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const accept = useAcceptTerms();
  const t = useTermsTexts();
  const language = useLanguage();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const refuse = (event: Event) => event.preventDefault();
    const reopen = () => {
      if (!dialog.open && dialog.isConnected) dialog.showModal();
    };
    // Where the browser knows it, the dialog also tells it that nothing but its buttons closes it.
    dialog.setAttribute('closedby', 'none');
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', reopen);
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', reopen);
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  const version = status.currentVersion;
  const answer = accept.data;
  const sendAccept = () => {
    if (version === null || accept.isPending) return;
    accept.mutate({ version });
  };
  const published = status.publishedAt
    ? new Date(status.publishedAt).toLocaleDateString(language === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long' })
    : null;

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog modal-dialog--info terms-dialog"
      aria-labelledby={titleId}
      aria-describedby={`${introId} ${summaryId}`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
      }}
    >
      <h2 id={titleId} className="modal-dialog__title">
        {t('title')}
      </h2>
      <div className="modal-dialog__body">
        <p id={introId}>{t('intro')}</p>
        <h3 className="terms-dialog__heading">
          {version === null ? t('whatChanged') : t('whatChangedIn', { version })}
          {published && <span className="terms-dialog__date">, {published}</span>}
        </h3>
        <p id={summaryId} className="terms-dialog__summary" lang={status.language}>
          {status.summary}
        </p>
        <p>
          <a href={TERMS_PAGE} target="_blank" rel="noopener">
            {`${t('readTerms')} `}
            <span className="visually-hidden">{t('opensInNewTab')}</span>
          </a>
        </p>
        {accept.isPending && (
          <p role="status" className="terms-dialog__status">
            {t('accepting')}
          </p>
        )}
        {answer?.status === 'notCurrent' && !accept.isPending && (
          <p role="alert" className="terms-dialog__status terms-dialog__status--error">
            {answer.message}
          </p>
        )}
        {accept.isError && shownFailure(accept.error) && (
          <p role="alert" className="terms-dialog__status terms-dialog__status--error">
            {t('failed')}
          </p>
        )}
      </div>
      <div className="modal-dialog__actions">
        <button type="button" className="button button--outline" onClick={logOut}>
          {t('logOut')}
        </button>
        <button type="button" className="button button--primary" onClick={sendAccept} disabled={accept.isPending}>
          {t('accept')}
        </button>
      </div>
    </dialog>
  );
}
