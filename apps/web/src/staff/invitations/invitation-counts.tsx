import type { InvitationCounts } from '@testerhub/shared/invitation-schemas';

export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const LABELS: [keyof InvitationCounts, string][] = [
  ['matched', 'Matched'],
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['skipped', 'Skipped'],
  ['clicked', 'Clicked'],
  ['answered', 'Answered'],
];

/** A sending's counts: matched by the filters, queued (invited), sent, skipped (e-mail turned off), clicked, answered (screened or booked). */
export function CountsList({ counts }: { counts: InvitationCounts }) {
  return (
    <dl className="staff-facts staff-counts" data-testid="invitation-counts">
      {LABELS.map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-count={key}>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
