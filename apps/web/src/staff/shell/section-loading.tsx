/** What shows while a section's code arrives: announced, so a screen reader hears that the page is on its way. */
export function SectionLoading() {
  return (
    <p className="staff-loading" role="status">
      Loading…
    </p>
  );
}
