import { useComponentsTexts } from './components-texts';

/** A failed load's notice with Try again (the portal pages' error state), announced as an alert. */
export function RetryAlert({ className, text, onRetry }: { className: string; text: string; onRetry: () => void }) {
  const t = useComponentsTexts();
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}
