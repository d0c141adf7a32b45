/**
 * What shows while a lazily loaded part's code arrives (a staff section, the staff console):
 * announced, so a screen reader hears that the page is on its way.
 */
export function LoadingStatus({ className }: { className?: string }) {
  return (
    <p className={className} role="status">
      Loading…
    </p>
  );
}
