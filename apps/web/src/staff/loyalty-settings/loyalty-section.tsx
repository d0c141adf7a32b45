import type { ReactNode } from 'react';
import type { LoyaltySettingsSaveResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { requestErrorMessage } from '../../lib/request-error';

/** A section's heading, loading, error (with Try again) and outcome; `children` once the data is there. */
export function Section(props: {
  id: string;
  title: string;
  intro: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  outcome: LoyaltySettingsSaveResponse | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="staff-card loyalty-section">
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.intro}</p>
      <div role="status" aria-live="polite">
        {props.outcome && <p className={props.outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{props.outcome.message}</p>}
      </div>
      {props.query.isPending && <p aria-busy="true">Loading…</p>}
      {props.query.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(props.query.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void props.query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {props.children}
    </section>
  );
}
