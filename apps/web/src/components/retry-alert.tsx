/** A failed load's notice with Try again (the portal pages' error state), announced as an alert. */
export function RetryAlert({
  className,
  text,
  onRetry,
  textClassName,
  buttonClassName = 'button button--primary',
}: {
  className?: string;
  text: string;
  onRetry: () => void;
  textClassName?: string;
  buttonClassName?: string;
}) {
  return (
    <div className={className} role="alert">
      <p className={textClassName}>{text}</p>
      <button type="button" className={buttonClassName} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
