import { useState, type FormEvent } from 'react';
import { Pages, RequiresRole } from '../shell/staff-page-parts';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { auditLogCsvUrl, useAuditLog } from '../api/audit-log';
import { useStaffList } from '../api/staff-list';
import { utcMoment } from '../shell/company-clock';

/** The audit log spans every site: its filters, times and CSV are all in UTC, and say so (decision 135). */
const when = utcMoment;
const AUDIT_TIMES_NOTE = 'Days and times here are in UTC, as in the CSV: the log spans every site.';

/** A stored value as words: text and numbers as they are, anything else (a list, an object) as compact JSON. */
const valueText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** An entry's before or after: each field on its own line ("query: zamora"), or the value itself. */
function Details({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  const fields = typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [[label, value] as const];
  return (
    <div>
      <p>{label}</p>
      <dl className="staff-audit__fields">
        {fields.map(([key, field]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{valueText(field)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Admin: the audit log, newest first, filtered by staff member, action and dates kept in the address (decision 043). */
export function AuditLogPage() {
  usePageTitle('Audit log');
  return (
    <RequiresRole role="admin">
      <AuditLog />
    </RequiresRole>
  );
}

function AuditLog() {
  const [search, setSearch] = useSearchParams();
  const query = {
    staffId: search.get('staffId') || undefined,
    action: search.get('action') || undefined,
    from: search.get('from') || undefined,
    to: search.get('to') || undefined,
    page: Number(search.get('page') ?? '1') || 1,
  };
  const log = useAuditLog(query);
  const staff = useStaffList();
  const [draft, setDraft] = useState({
    staffId: query.staffId ?? '',
    action: query.action ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
    setSearch(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(page));
    setSearch(next);
  };
  return (
    <>
      <h1>Audit log</h1>
      <form className="staff-filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="form-field">
          <label htmlFor="audit-staff" className="form-field__label">
            Staff member
          </label>
          <select
            id="audit-staff"
            className="form-field__control"
            value={draft.staffId}
            onChange={(event) => setDraft({ ...draft, staffId: event.target.value })}
          >
            <option value="">Everyone</option>
            {staff.data?.staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-action" className="form-field__label">
            Action
          </label>
          <select
            id="audit-action"
            className="form-field__control"
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">Any action</option>
            {log.data?.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-from" className="form-field__label">
            From (UTC)
          </label>
          <input
            id="audit-from"
            type="date"
            aria-describedby="audit-times-zone"
            className="form-field__control"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="form-field">
          <label htmlFor="audit-to" className="form-field__label">
            To (UTC)
          </label>
          <input
            id="audit-to"
            type="date"
            aria-describedby="audit-times-zone"
            className="form-field__control"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <p id="audit-times-zone" className="form-field__hint">
          {AUDIT_TIMES_NOTE}
        </p>
        <button type="submit" className="staff-button">
          Show
        </button>
        <a className="staff-button staff-button--quiet" href={auditLogCsvUrl(query)} download>
          Export CSV
        </a>
      </form>
      {log.isPending && <p aria-busy="true">Loading…</p>}
      {log.isError && (
        <p className="staff-problem" role="alert">
          {requestErrorMessage(log.error)}
        </p>
      )}
      {log.data && log.data.entries.length === 0 && <p>No changes match these filters.</p>}
      {log.data && log.data.entries.length > 0 && (
        <ol className="staff-audit" data-testid="audit-entries">
          {log.data.entries.map((entry) => (
            <li key={entry.id} className="staff-card">
              <p>
                <strong>{entry.action}</strong> by {entry.staffName || 'a former account'} ·{' '}
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </p>
              <p>{entry.targetName || `${entry.targetType} ${entry.targetId}`}</p>
              {(entry.before !== null || entry.after !== null) && (
                <div className="staff-diff">
                  <Details label="Before" value={entry.before} />
                  <Details label="After" value={entry.after} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {log.data && (
        <Pages page={log.data.page} hasMore={log.data.hasMore} label="Audit log pages" onPage={(next) => goTo(next)} newestFirst />
      )}
    </>
  );
}
